import { randomBytes } from 'node:crypto';

/**
 * UUID version 7 (RFC 9562): time-ordered, so an id's order is its creation order and
 * keyset paging on `id` alone walks rows in the order they were made.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = randomBytes(16);
  const ms = BigInt(nowMs);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
  // Monotonic within one millisecond: later ids never sort before earlier ones.
  let lastMs = 0;
  let lastId = '';
  return {
    next() {
      const ms = Math.max(clock.now(), lastMs);
      let id = uuidv7(ms);
      while (id <= lastId) id = uuidv7(ms);
      lastMs = ms;
      lastId = id;
      return id;
    },
  };
}
