import { maskTokens, type Clock, type ProblemFieldError, type RegistryTables } from '@rootline/kernel';
import { FeedbackProblems } from './errors.js';
import { MAX_MESSAGE_CHARACTERS, MAX_NAME_CHARACTERS, type FeedbackReceiptDto, type SubmitFeedbackRequest } from './schemas.js';

const HOUR_MS = 3_600_000;
/** `name@domain.tld`: no spaces, one @, a dot in the domain; RFC 5321's 254 characters at most. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_EMAIL_CHARACTERS = 254;

export interface FeedbackSettings {
  /** The destination (`ROOTLINE_FEEDBACK_URL`); '' when none is configured. */
  url: string;
  /** How long the destination has to answer. */
  timeoutMs: number;
  /** Deliveries allowed in any rolling hour. */
  maxPerHour: number;
  appVersion: string;
  platform: string;
}

/**
 * Sends the human's feedback to the destination, the only text that leaves the machine.
 * Checks come first and in this order: the message and address (422), a destination at all
 * (503), the rate (429); only then is anything sent. The answer (202) waits for the
 * destination to accept it (2xx); anything else is 502 and does not count towards the rate.
 */
export class FeedbackService {
  constructor(
    private readonly tables: RegistryTables,
    private readonly clock: Clock,
    private readonly settings: FeedbackSettings,
  ) {}

  async submit(input: SubmitFeedbackRequest): Promise<FeedbackReceiptDto> {
    const receivedAt = this.clock.now();
    const errors = problemsOf(input);
    if (errors.length > 0) throw FeedbackProblems.refused(errors.map((error) => error.message).join('; '), { errors });
    if (this.settings.url === '') throw FeedbackProblems.unavailable('No feedback destination is configured for this installation (ROOTLINE_FEEDBACK_URL)');
    const slot = this.reserve(receivedAt);
    const receipt: FeedbackReceiptDto = { app_version: this.settings.appVersion, platform: this.settings.platform, received_at_ms: receivedAt };
    try {
      // A token pasted into the message (a log line, a command) never leaves the machine.
      await this.deliver({ message: maskTokens(input.message), email: input.email ?? null, name: input.name?.trim() || null, ...receipt });
    } catch (error) {
      this.tables.prepare('DELETE FROM feedback_deliveries WHERE id = ?').run(slot);
      throw error;
    }
    return receipt;
  }

  /** Takes a place in the rolling hour, or throws 429 with the seconds until the oldest place frees. */
  private reserve(now: number): number {
    return this.tables.transact(() => {
      this.tables.prepare('DELETE FROM feedback_deliveries WHERE sent_at_ms <= ?').run(now - HOUR_MS);
      const { count, oldest } = this.tables.prepare('SELECT count(*) AS count, min(sent_at_ms) AS oldest FROM feedback_deliveries').get() as { count: number; oldest: number | null };
      if (count >= this.settings.maxPerHour) {
        const seconds = Math.ceil((oldest! + HOUR_MS - now) / 1000);
        throw FeedbackProblems.rateLimited(`At most ${this.settings.maxPerHour} messages can be sent in an hour; try again in ${seconds} seconds`, {
          headers: { 'retry-after': String(seconds) },
          extras: { retry_after_seconds: seconds },
        });
      }
      return Number(this.tables.prepare('INSERT INTO feedback_deliveries (sent_at_ms) VALUES (?)').run(now).lastInsertRowid);
    });
  }

  private async deliver(body: Record<string, unknown>): Promise<void> {
    let status: number;
    try {
      const response = await fetch(this.settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw FeedbackProblems.unreachable(timedOut ? `The feedback service did not answer within ${this.settings.timeoutMs} ms; nothing was sent` : 'The feedback service could not be reached; nothing was sent', {
        extras: { reason: timedOut ? 'timeout' : 'unreachable' },
      });
    }
    if (status < 200 || status > 299) throw FeedbackProblems.unreachable(`The feedback service answered ${status}; the message was not taken`, { extras: { reason: 'refused', destination_status: status } });
  }
}

/** What is wrong with the message, the address and the name, one entry each. */
function problemsOf(input: SubmitFeedbackRequest): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const characters = [...input.message].length;
  if (input.message.trim() === '') errors.push({ location: 'body', name: 'message', message: 'The message is empty' });
  else if (characters > MAX_MESSAGE_CHARACTERS) errors.push({ location: 'body', name: 'message', message: `The message has ${characters} characters; at most ${MAX_MESSAGE_CHARACTERS} can be sent` });
  const email = input.email;
  if (email !== undefined && email !== null && (email.length > MAX_EMAIL_CHARACTERS || !EMAIL.test(email))) {
    errors.push({ location: 'body', name: 'email', message: 'The e-mail address is not valid' });
  }
  const name = input.name?.trim() ?? '';
  if ([...name].length > MAX_NAME_CHARACTERS) errors.push({ location: 'body', name: 'name', message: `The name has ${[...name].length} characters; at most ${MAX_NAME_CHARACTERS} can be sent` });
  return errors;
}
