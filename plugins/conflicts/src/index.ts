import { definePlugin, scoped, type ServiceCradle, type Tree, type TreeRecord } from '@rootline/kernel';
import { ConflictsService } from './service.js';
import { conflictsRoutes } from './routes/conflicts.js';
import { ConflictDetector } from './detector.js';

/** What each record the plugin follows asks of the detection. */
const FOLLOWED: Readonly<Record<string, (detector: ConflictDetector, record: TreeRecord) => void>> = {
  'assertion.captured.v1': (detector, record) => detector.claimCaptured(record),
  'assertion.refuted.v1': (detector, record) => detector.claimStoppedStanding(record),
  'assertion.fabricated.v1': (detector, record) => detector.claimStoppedStanding(record),
  'assertion.superseded.v1': (detector, record) => detector.claimStoppedStanding(record),
  'assertion.removed.v1': (detector, record) => detector.claimRemoved(record),
  'assertion.evidence_attached.v1': (detector, record) => detector.evidenceAttached(record),
  'person.concluded.v1': (detector, record) => detector.personConcluded(record),
  'person.merged.v1': (detector, record) => detector.personMerged(record),
  'person.split.v1': (detector, record) => detector.personSplit(record),
  'person.retracted.v1': (detector, record) => detector.personRetracted(record),
};

/**
 * @rootline/plugin-conflicts: conflicts found, not created (CONTRACT §13). Follows the
 * assertions' and persons' records inside the transaction that wrote them (neither plugin calls
 * this one): opens a conflict for each pair of standing claims of one single-valued kind that
 * cannot both be true, about one persona or one person, and withdraws it when a claim stops
 * standing or the personas stop being one person. A proof argument resolves one (the human).
 */
export default definePlugin({
  name: '@rootline/plugin-conflicts',
  scope: 'tree',
  dependencies: ['@rootline/plugin-sources', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-proofs'],
  register(app) {
    app.kernel.services({
      // The whole cradle: the services it reads are built only when a call uses them.
      conflictsService: scoped((cradle) => new ConflictsService(cradle)),
    });
    app.kernel.treeRoutes(conflictsRoutes);

    // One detector (and at most one scope of the tree's services) for the records of one
    // synchronous run: a request's transaction, or an import's batch of thousands of claims.
    const runs = new WeakMap<Tree, ConflictDetector>();
    const { ids } = app.kernel.cradle;
    const follow = (tree: Tree, record: TreeRecord, services: () => ServiceCradle) => {
      const handle = FOLLOWED[record.kind];
      if (!handle) return;
      let detector = runs.get(tree);
      if (!detector) {
        runs.set(tree, (detector = new ConflictDetector(tree, services, ids)));
        queueMicrotask(() => runs.delete(tree));
      }
      handle(detector, record);
    };
    app.kernel.onRecord('assertion.', follow);
    app.kernel.onRecord('person.', follow);
  },
});
