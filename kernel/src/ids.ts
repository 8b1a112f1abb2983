import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from a pooled buffer: one system call per 4 KiB instead of per id. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function randomInto(target: Buffer, start: number, length: number): void {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  pool.copy(target, start, poolOffset, poolOffset + length);
  poolOffset += length;
}

function format(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function writeTime(bytes: Buffer, ms: number): void {
  bytes.writeUIntBE(ms, 0, 6);
}

/**
 * UUID version 7 (RFC 9562): time-ordered, so an id's order is its creation order and
 * keyset paging on `id` alone walks rows in the order they were made.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = Buffer.alloc(16);
  randomInto(bytes, 6, 10);
  writeTime(bytes, nowMs);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return format(bytes);
}

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Clock and id source, injectable so tests can pin time. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface IdSource {
  next(): string;
}
export function idSource(clock: Clock): IdSource {
  // Monotonic (RFC 9562 method 1): within one millisecond the 74 random bits are counted
  // up by one, so later ids never sort before earlier ones, without retries.
  const last = Buffer.alloc(16);
  let lastMs = -1;
  return {
    next() {
      const ms = Math.max(clock.now(), lastMs);
      if (ms === lastMs) {
        for (let i = 15; i >= 6; i--) {
          if (i === 8) {
            const low = (last[8] & 0x3f) + 1;
            last[8] = 0x80 | (low & 0x3f);
            if (low <= 0x3f) break;
            continue;
          }
          if (i === 6) {
            last[6] = 0x70 | (((last[6] & 0x0f) + 1) & 0x0f);
            break;
          }
          last[i] = (last[i] + 1) & 0xff;
          if (last[i] !== 0) break;
        }
      } else {
        randomInto(last, 6, 10);
        // Leave headroom so counting up within a millisecond does not overflow.
        last[6] = 0x70 | (last[6] & 0x07);
        last[8] = 0x80 | (last[8] & 0x3f);
        writeTime(last, ms);
        lastMs = ms;
      }
      return format(last);
    },
  };
}
