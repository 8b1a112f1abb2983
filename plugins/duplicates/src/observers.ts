import type { FastifyInstance } from 'fastify';
import { systemActor, type Tree } from '@rootline/kernel';
import type { PersonMerged, PersonSplit } from '@rootline/contracts/persons';
import { DuplicateIndex } from './index-store.js';
import { ProposalStore } from './proposals.js';
import { withdrawProposalsOf, withdrawUndecidable } from './withdrawals.js';

/** Claim kinds the persons plugin takes birth and death summaries from. */
const VITAL_KINDS = ['birth', 'baptism', 'christening', 'death', 'burial'];

/**
 * Keeps the blocking index in step with persons and their names, cheaply: inside the writing
 * transaction an observer only notes what changed (one insert into `duplicate_stale`, no
 * service called), and `schedule` brings the index up to date later (indexer.ts, and before
 * every search). A GEDCOM import that concludes tens of thousands of persons in one
 * transaction pays one insert per person and per vital claim.
 * - `person.*`: the person (split: both; merged: both, and the merged person's not-a-match
 *   pairs carried over to the survivor; a split that reverses a merge takes them back;
 *   retracted: its pending proposals are withdrawn, withdrawals.ts; and as a tree opens, any
 *   pending proposal of a person gone for good);
 *   `person.living_status_set` changes nothing indexed.
 * - `persona.*` but `persona.created` (a new persona is in no person yet): the persona's names.
 * - `assertion.captured` and `assertion.removed` of a birth, baptism, christening, death or
 *   burial claim: the persona's dates (status changes are read fresh when scoring).
 */
export function followPersonsAndNames(app: FastifyInstance, schedule: (tree: Tree) => void): void {
  const mark = (tree: Tree, kind: 'person' | 'persona', id: string) => {
    new DuplicateIndex(tree).mark(kind, id);
    schedule(tree);
  };

  app.kernel.onRecord('person.', (tree, record) => {
    if (record.kind.startsWith('person.living_status_set.')) return;
    if (record.kind.startsWith('person.merged.')) {
      const { survivor, merged } = record.payload as PersonMerged;
      mark(tree, 'person', survivor);
      mark(tree, 'person', merged);
      new ProposalStore(tree).inherit(survivor, merged, record.at_ms);
      return;
    }
    mark(tree, 'person', record.entity_id);
    if (record.kind.startsWith('person.retracted.')) withdrawProposalsOf(tree, record);
    if (record.kind.startsWith('person.split.')) {
      const { new_person, unmerged } = record.payload as PersonSplit;
      mark(tree, 'person', new_person);
      if (unmerged) new ProposalStore(tree).disinherit(record.entity_id, new_person);
    }
  });

  app.kernel.onRecord('persona.', (tree, record) => {
    if (!record.kind.startsWith('persona.created.')) mark(tree, 'persona', record.entity_id);
  });

  app.kernel.onRecord('assertion.', (tree, record) => {
    if (!record.kind.startsWith('assertion.captured.') && !record.kind.startsWith('assertion.removed.')) return;
    const { persona, kind } = record.payload as { persona?: string; kind?: string };
    if (persona && kind && VITAL_KINDS.includes(kind)) mark(tree, 'persona', persona);
  });

  // A tree that had persons before this plugin was added: every person is indexed once. And what
  // a server stopped before catching up left (an import closed at once) is caught up in the background.
  app.kernel.onTreeOpen((tree) => {
    const index = new DuplicateIndex(tree);
    if (index.seeded()) {
      if (index.hasStale()) schedule(tree);
      return;
    }
    if (index.seed(app.kernel.servicesFor(tree, systemActor).personsService) > 0) schedule(tree);
  });
  // Pending proposals that can never be approved (a person retracted before withdrawals existed, or merged into one retracted since).
  app.kernel.onTreeOpen((tree) => {
    const services = app.kernel.servicesFor(tree, systemActor);
    withdrawUndecidable(tree, services.personsService, services.clock.now());
  });
}
