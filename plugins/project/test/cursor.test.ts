import t from 'tap';
import { decodeCursor, encodeCursor } from '../src/cursor.js';

/** The digest's cursor as plain functions (state.test.ts checks the same refusals over HTTP). */

const TREE = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';
const raw = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function refusal(text: string, lastSeq = 10): { code: string; status: number; detail: string; errors: unknown } | null {
  try {
    decodeCursor(text, TREE, lastSeq);
    return null;
  } catch (error) {
    return error as { code: string; status: number; detail: string; errors: unknown };
  }
}

t.test('a cursor round-trips, is base64url of { t, s }, and is accepted up to the last seq', async (t) => {
  const cursor = encodeCursor({ tree: TREE, seq: 7 });
  t.match(cursor, /^[A-Za-z0-9_-]+$/);
  t.same(JSON.parse(Buffer.from(cursor, 'base64url').toString()), { t: TREE, s: 7 });
  t.same(decodeCursor(cursor, TREE, 7), { tree: TREE, seq: 7 }, 'the last seq itself');
  t.same(decodeCursor(cursor, TREE, 100), { tree: TREE, seq: 7 });
  t.same(decodeCursor(raw({ t: TREE, s: 0 }), TREE, 0), { tree: TREE, seq: 0 }, 'seq 0: an empty tree');
});

t.test('refusals: 400 invalid-cursor, why in the detail, errors naming since', async (t) => {
  let padded = JSON.stringify({ t: TREE, s: 1 });
  while (padded.length % 3 === 0) padded += ' ';
  const cases: [string, string, RegExp][] = [
    ['garbage', 'not a cursor!', /^since is not a cursor of GET project\/state; pass the cursor of an earlier project\/state answer of this tree, or leave since out$/],
    ['empty', '', /is not a cursor/],
    ['padded base64', Buffer.from(padded).toString('base64'), /is not a cursor/],
    ['plus and slash', `${raw({ t: TREE, s: 1 })}+/`, /is not a cursor/],
    ['a leading space (a base64 decoder skips it)', ` ${raw({ t: TREE, s: 1 })}`, /is not a cursor/],
    ['base64 of text', raw('hello'), /is not a cursor/],
    ['JSON null', raw('null'), /is not a cursor/],
    ['a number', raw('5'), /is not a cursor/],
    ['no tree', raw({ s: 1 }), /is not a cursor/],
    ['a tree that is not text', raw({ t: 5, s: 1 }), /is not a cursor/],
    ['no seq', raw({ t: TREE }), /is not a cursor/],
    ['a seq in a string', raw({ t: TREE, s: '1' }), /is not a cursor/],
    ['a negative seq', raw({ t: TREE, s: -1 }), /is not a cursor/],
    ['a fractional seq', raw({ t: TREE, s: 1.5 }), /is not a cursor/],
    ['an unsafe seq', raw({ t: TREE, s: 2 ** 53 }), /is not a cursor/],
    ['another tree', raw({ t: 'other', s: 1 }), /^since belongs to another tree; /],
    ['a seq not reached', raw({ t: TREE, s: 11 }), /^since names a change this tree has not made; /],
  ];
  for (const [name, text, detail] of cases) {
    const problem = refusal(text);
    t.ok(problem, name);
    t.equal(problem?.status, 400, name);
    t.equal(problem?.code, 'invalid-cursor', name);
    t.match(problem?.detail, detail, name);
    t.same(problem?.errors, [{ location: 'query', name: 'since', message: problem?.detail }], name);
  }
  t.equal(refusal(raw({ t: TREE, s: 10 })), null, 'seq 10 of 10 is fine');
  t.equal(refusal(raw({ t: TREE, s: 1, extra: true })), null, 'other keys are ignored');
});
