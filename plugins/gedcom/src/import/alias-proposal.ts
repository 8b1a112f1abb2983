import { optionalService } from '@rootline/kernel';
import type { DuplicatesService } from '@rootline/contracts/duplicates';
import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';

/**
 * An ALIA pointer is the file's word that two of its INDI records are one individual. Rootline
 * does not merge on a file's word: the two persons are proposed as one (a merge proposal of the
 * duplicates plugin, when the server has it), for the human to approve or deny, with the file's
 * line as the rationale. The person count still equals the file's INDI count until the human
 * approves. An ALIA each way names the same pair: it is proposed once (the run keeps the pairs it
 * proposed; the persons are the run's own, so no other proposal can name them yet). An ALIA to its
 * own record is refused before this (an association of a person with itself). An undo retracts
 * the persons, which withdraws the proposal.
 */
export function proposeAliasMerge(context: MappingContext, alia: GedcomNode & { xref?: string }, from: string, to: string): void {
  const duplicates: DuplicatesService | undefined = optionalService(context.services, 'duplicatesService');
  const pair = from < to ? `${from} ${to}` : `${to} ${from}`;
  if (!duplicates || context.mergesProposed.has(pair)) return;
  duplicates.propose(context.actor, {
    persons: [from, to],
    rationale: `GEDCOM import ${context.importKey}: INDI @${alia.xref}@ names @${alia.pointer}@ as another record of the same individual (ALIA, line ${alia.line})`,
  });
  context.mergesProposed.add(pair);
  context.count('merge_proposals');
}
