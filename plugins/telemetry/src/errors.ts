import { defineProblem } from '@rootline/kernel';

/** Problems the telemetry plugin throws. */
export const TelemetryProblems = {
  /** PUT config: `export_enabled: true` while the current disclosure is not acknowledged (CONTRACT §11). */
  consentRequired: defineProblem('telemetry-consent-required', 422, 'Telemetry export needs the disclosure acknowledged first'),
  /** PUT config: acknowledging a disclosure version that is not the one this server shows. */
  disclosureMismatch: defineProblem('telemetry-disclosure-mismatch', 422, 'That is not the disclosure this version of Rootline shows'),
  /** POST events: a name not in the catalogue, a field it does not have, or a value that is not a listed number or word. */
  eventRefused: defineProblem('telemetry-event-refused', 422, 'Telemetry does not keep that event'),
};
