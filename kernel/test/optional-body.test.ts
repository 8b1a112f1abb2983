import t from 'tap';
import { Type } from '@sinclair/typebox';
import { demandsNothing } from '../src/http/optional-body.js';

/** The rule behind a bare request being taken as `{}` and `requestBody.required: false` in the document. */
t.test('a body schema demands nothing when it is an object with no field required and no other demand', async (t) => {
  t.ok(demandsNothing(Type.Object({ reason: Type.Optional(Type.String()) })), 'only optional fields');
  t.ok(demandsNothing(Type.Object({})), 'no field at all');
  t.ok(demandsNothing({ type: 'object', required: [] }), 'an empty required list');
  t.notOk(demandsNothing(Type.Object({ text: Type.String() })), 'a required field');
  t.notOk(demandsNothing(Type.Object({ a: Type.Optional(Type.String()) }, { minProperties: 1 })), 'at least one field');
  for (const demand of ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'dependentRequired']) t.notOk(demandsNothing({ type: 'object', [demand]: [] }), demand);
  t.notOk(demandsNothing(Type.String()), 'not an object');
  t.notOk(demandsNothing(undefined), 'no schema');
});
