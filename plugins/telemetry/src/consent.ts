import { Problems } from '@rootline/kernel';
import { DISCLOSURE } from './disclosure.js';
import type { PutTelemetryConfigRequest } from './schemas.js';

/**
 * The acknowledgement a PUT asks for: the disclosure version it accepts, null to withdraw,
 * undefined to leave it as it is. The specification's `disclosure_acknowledged` (true: the
 * disclosure shown now; false: withdrawn) and this API's `acknowledged_disclosure_version`
 * name the same thing; a request giving both must not contradict itself.
 */
export function acknowledgementOf(body: PutTelemetryConfigRequest): number | null | undefined {
  const byFlag = body.disclosure_acknowledged === undefined ? undefined : body.disclosure_acknowledged ? DISCLOSURE.version : null;
  const byVersion = body.acknowledged_disclosure_version;
  if (byFlag === undefined) return byVersion;
  if (byVersion === undefined) return byFlag;
  if ((byFlag === null) !== (byVersion === null)) {
    const message = 'disagrees with acknowledged_disclosure_version: true goes with a version, false with null';
    throw Problems.validationFailed(`body disclosure_acknowledged ${message}`, { errors: [{ location: 'body', name: 'disclosure_acknowledged', message }] });
  }
  return byVersion;
}
