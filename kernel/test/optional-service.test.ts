import t from 'tap';
import { asValue, createContainer } from 'awilix';
import { optionalService } from '../src/index.js';

/** A service of a plugin that registers later (proofs asks research; the card asks conflicts): there when registered, undefined when not. */
t.test("optionalService: what the container has, from the root or a request's scope; undefined for what it has not", async (t) => {
  const root = createContainer({ strict: true });
  const clock = { now: () => 7 };
  root.register({ clock: asValue(clock) });
  const scope = root.createScope();
  t.equal(optionalService(root.cradle, 'clock'), clock);
  t.equal(optionalService(scope.cradle, 'clock'), clock, "a request's scope sees what the root registered");
  t.equal(optionalService(scope.cradle, 'researchService'), undefined, 'a server built without research');
  t.equal('clock' in scope.cradle, false, "why not `in`: the cradle does not answer it (so a check written with it would always say no)");
});
