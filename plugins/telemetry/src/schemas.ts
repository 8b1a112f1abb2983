import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '@rootline/kernel';
import { DISCLOSURE } from './disclosure.js';

const FieldRuleDto = Type.Union([
  Type.Object({ type: Type.Literal('integer'), minimum: Type.Integer(), maximum: Type.Integer() }),
  Type.Object({ type: Type.Literal('boolean') }),
  Type.Object({ type: Type.Literal('enum'), values: Type.Array(Type.String()) }),
]);

export const TelemetryConfigDto = Type.Object({
  disclosure: Type.Object({
    version: Type.Integer({ description: 'Acknowledge this version to turn telemetry on.' }),
    text: Type.String({ description: 'What is collected, what never is, where it goes; shown to the human before they acknowledge.' }),
  }),
  acknowledged_disclosure_version: Nullable(Type.Integer({ description: 'The disclosure version the human acknowledged; null: never, or withdrawn.' })),
  acknowledged_at_ms: Nullable(Type.Integer()),
  enabled: Type.Boolean({ description: 'Events are kept: the human acknowledged the current disclosure.' }),
  export_enabled: Type.Boolean({ description: 'Kept events are sent (only ever true while `enabled`).' }),
  export_destination_configured: Type.Boolean({ description: 'Whether this installation has somewhere to send them (`ROOTLINE_TELEMETRY_URL`); export on without one keeps events waiting.' }),
  stored_events: Type.Integer({ description: 'Events waiting on this machine.' }),
  store_limit: Type.Integer({ description: 'The most events kept waiting; past it the oldest not yet being sent are deleted (counted in `dropped_events`).' }),
  dropped_events: Type.Integer(),
  exported_events: Type.Integer({ description: 'Events the destination accepted so far.' }),
  last_export_at_ms: Nullable(Type.Integer()),
  export_failures: Type.Integer({ description: 'Failed attempts in a row; each doubles the wait before the next (from 1 minute, at most 6 hours, by default).' }),
  next_export_attempt_at_ms: Nullable(Type.Integer({ description: 'After a failure: not before this time.' })),
  events: Type.Record(Type.String(), Type.Record(Type.String(), FieldRuleDto), { description: 'The catalogue: every event telemetry keeps and the fields each may carry.' }),
}, {
  $id: 'TelemetryConfigDto',
  additionalProperties: false,
  examples: [{
    disclosure: { version: DISCLOSURE.version, text: 'Rootline can keep a count of how it is used, ...' },
    acknowledged_disclosure_version: 1,
    acknowledged_at_ms: 1764000000000,
    enabled: true,
    export_enabled: false,
    export_destination_configured: true,
    stored_events: 12,
    store_limit: 10000,
    dropped_events: 0,
    exported_events: 0,
    last_export_at_ms: null,
    export_failures: 0,
    next_export_attempt_at_ms: null,
    events: { 'view.opened': { view: { type: 'enum', values: ['pedigree', 'fan-network'] } } },
  }],
});
export type TelemetryConfigDto = Static<typeof TelemetryConfigDto>;

export const PutTelemetryConfigRequest = Type.Object({
  disclosure_acknowledged: Type.Optional(Type.Boolean({
    description: 'The specification\'s form of consent: true acknowledges the disclosure this server shows now (as `acknowledged_disclosure_version` with its version), false withdraws it (as null). Given with `acknowledged_disclosure_version`, the two must agree (true with a version, false with null), else 400. Left out: unchanged.',
  })),
  acknowledged_disclosure_version: Type.Optional(Nullable(Type.Integer({
    description: 'The version of the disclosure the human read and accepts (must be the current one, else 422 `telemetry-disclosure-mismatch`); null withdraws the acknowledgement: telemetry off, export off, waiting events deleted. Left out: unchanged.',
  }))),
  export_enabled: Type.Optional(Type.Boolean({
    description: 'Send kept events. true without the current disclosure acknowledged (in this request or before): 422 `telemetry-consent-required`. Left out: unchanged.',
  })),
}, {
  $id: 'PutTelemetryConfigRequest',
  additionalProperties: false,
  minProperties: 1,
  examples: [{ acknowledged_disclosure_version: 1, export_enabled: true }, { disclosure_acknowledged: true }, { export_enabled: false }, { acknowledged_disclosure_version: null }],
});
export type PutTelemetryConfigRequest = Static<typeof PutTelemetryConfigRequest>;

export const TelemetryEventRequest = Type.Object({
  name: Type.String({ maxLength: 200, description: 'An event of the catalogue (`events` of the config record); any other: 422 `telemetry-event-refused`.', examples: ['view.opened'] }),
  fields: Type.Optional(Type.Record(Type.String(), Type.Unknown(), {
    description: 'The event\'s fields, each a whole number in its range, a boolean, or a word of its list; any other field or value (text, an id, a name, an object) is refused 422 `telemetry-event-refused` with `errors[]`, and nothing is kept.',
    examples: [{ view: 'pedigree' }],
  })),
}, { $id: 'TelemetryEventRequest', additionalProperties: false, examples: [{ name: 'gedcom.import_finished', fields: { version: '7.0', outcome: 'succeeded', duration_ms: 5320, individuals: 1204 } }] });
export type TelemetryEventRequest = Static<typeof TelemetryEventRequest>;

export const TelemetryEventReceiptDto = Type.Object({
  kept: Type.Boolean({ description: 'false while telemetry is off (the disclosure not acknowledged): the event was checked, then dropped.' }),
}, { $id: 'TelemetryEventReceiptDto', additionalProperties: false, examples: [{ kept: true }] });
export type TelemetryEventReceiptDto = Static<typeof TelemetryEventReceiptDto>;
