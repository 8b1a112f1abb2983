import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { importServer } from './helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts. Importing and undoing are the human's: an import writes the human's claims by the
 * thousand (an agent's would all be pending; agents propose claims one by one) and undo takes
 * them away. Listing runs, validating, loss reports and exporting are open.
 */
const HUMAN_ONLY = ['POST /v1/imports/gedcom', 'POST /v1/imports/:import_key/undo'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await importServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-gedcom', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
