import type { Logger } from 'pino';
import { logWritten } from '../logger.js';

/**
 * Waits until every line the server's logger was given is in its log file, however long the
 * machine takes (up to `maxMs`). The server's own wait (`kernel.recentLog`) gives up after 2 s,
 * so that a diagnostics bundle never hangs; a test that appends lines after the server's must
 * not, or on a loaded machine the server's line lands after them.
 */
export function logSettled(logger: Logger, maxMs = 120_000): Promise<void> {
  return logWritten(logger, maxMs);
}
