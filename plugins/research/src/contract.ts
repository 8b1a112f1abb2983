/**
 * The research plugin's contract: the services it registers, for the container's types.
 * Type-only, so a plugin that reads research (a project-state, settled-knowledge or signals
 * plugin) imports it with `import type` from `@rootline/plugin-research/contract` (erased at
 * build) and lists `@rootline/plugin-research` with a version range in its `peerDependencies`.
 *
 * For such a reader, `researchService` has: `openQuestions({ sinceSeq?, limit })` (with plan
 * progress), `closedQuestions({ sinceSeq?, limit })` (with answers and proof arguments),
 * `recentEntries({ sinceSeq?, sinceMs?, limit })` and `negativeEvidence({ sinceSeq?, limit })`,
 * each most recently changed first; every question and entry carries `seq`, the record-log
 * sequence number of its last change, so "since a cursor" is `seq > cursor`.
 */
import type { ResearchService } from './questions.js';
import type { ResearchPlansService } from './plans.js';
import type { ResearchLogService } from './log.js';
import type { ResearchSessionsService } from './sessions.js';
import type { ResearchCoverageService } from './coverage.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** Research questions of the request's tree: ask, close, reopen, entry anchors, and the reads above. */
    researchService: ResearchService;
    /** Plans of questions: items, order, done, assignments. */
    researchPlansService: ResearchPlansService;
    /** The research log: entries, captures with evidence, negative evidence. */
    researchLogService: ResearchLogService;
    /** Research sessions of the credentials, and what happened in them. */
    researchSessionsService: ResearchSessionsService;
    /** Search coverage of a question. */
    researchCoverageService: ResearchCoverageService;
  }
}

export type { ResearchService, ResearchPlansService, ResearchLogService, ResearchSessionsService, ResearchCoverageService };
export type { QuestionDto } from './schemas/questions.js';
export type { PlanDto, PlanItemDto, AssignmentDto } from './schemas/plans.js';
export type { EntryDto } from './schemas/log.js';
export type { SessionSummary } from './schemas/sessions.js';
export type { CoverageDto } from './schemas/coverage.js';
