import type { ServiceCradle } from '@rootline/kernel';

/**
 * What the research services use of the request's cradle. They keep the cradle rather than the
 * services: the container builds the persons, assertions, sources and proofs services (and the
 * other research services) only when a call reaches for them.
 */
export type ResearchCradle = Pick<
  ServiceCradle,
  | 'tree'
  | 'clock'
  | 'ids'
  | 'credentials'
  | 'personsService'
  | 'personasService'
  | 'assertionsService'
  | 'sourcesService'
  | 'citationsService'
  | 'proofArgumentsService'
  | 'researchService'
  | 'researchPlansService'
  | 'researchLogService'
  | 'researchSessionsService'
>;
