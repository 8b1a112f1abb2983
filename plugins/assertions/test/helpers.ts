import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { fakePeers } from './fixtures/fake-peers.js';

export const PLUGINS = ['@rootline/plugin-citations', '@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'];

/** A server with the evidence plugins and the assertions plugin. */
export async function evidenceServer(t: Parameters<typeof buildTestServer>[0], extra: string[] = []): Promise<TestServer> {
  return buildTestServer(t, { plugins: [...PLUGINS, ...extra], builtIn: fakePeers });
}

export async function newPersona(s: TestServer, given = 'William'): Promise<string> {
  const reply = await s.request('POST', '/v1/personas', { body: { given, surname: 'Smyth' } });
  return reply.json().id;
}

export async function newSource(s: TestServer, title = '1851 census, Ledbury'): Promise<string> {
  const reply = await s.request('POST', '/v1/sources', { body: { title } });
  return reply.json().id;
}

export async function newCitation(s: TestServer, source: string): Promise<string> {
  const reply = await s.request('POST', '/v1/citations', { body: { source, page: 'folio 12' } });
  return reply.json().id;
}

export async function sourceClaimCount(s: TestServer, source: string): Promise<number> {
  const row = db(s).prepare('SELECT claim_count FROM fake_sources WHERE id = ?').get(source) as { claim_count: number };
  return row.claim_count;
}

/** The active tree's database, to check what was (not) written. */
export const db = (s: TestServer) => s.server.kernel.trees.active().db;

export const countRows = (s: TestServer, table: string): number => (db(s).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

export async function capture(s: TestServer, body: Record<string, unknown>, as: 'human' | 'agent' = 'human', proposer?: string) {
  const headers: Record<string, string> = proposer ? { 'x-proposer-model': proposer } : {};
  const reply = await s.request('POST', '/v1/assertions/capture', { body, token: as === 'agent' ? s.agentToken : undefined, headers });
  if (reply.statusCode !== 200) throw new Error(`capture failed: ${reply.statusCode} ${reply.body}`);
  return reply.json();
}

/** Kinds of the records written about one entity, oldest first. */
export const recordKinds = (s: TestServer, entity: string): string[] =>
  (db(s).prepare('SELECT kind FROM records WHERE entity_id = ? ORDER BY seq').all(entity) as { kind: string }[]).map((row) => row.kind);

/** Row counts that must not move when a request is refused. */
export const footprint = (s: TestServer) => ({
  assertions: countRows(s, 'assertions'),
  evidence: countRows(s, 'assertion_evidence'),
  records: countRows(s, 'records'),
  personas: countRows(s, 'fake_personas'),
});

export const STATUSES = ['pending', 'deferred', 'confirmed', 'refuted', 'fabricated', 'superseded'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * A fresh claim in the given status, reached through the routes (deferred needs the
 * pending plugin in the server).
 */
export async function claimIn(s: TestServer, persona: string, status: Status, source?: string): Promise<string> {
  const claim = await capture(s, { persona, kind: 'birth', date: '1851', ...(source ? { source } : {}) }, status === 'confirmed' ? 'human' : 'agent', 'claude-test');
  const step: Partial<Record<Status, [string, unknown?]>> = {
    deferred: [`/v1/pending/${claim.id}/defer`],
    refuted: [`/v1/assertions/${claim.id}/refute`],
    fabricated: [`/v1/assertions/${claim.id}/mark-fabricated`],
    superseded: [`/v1/assertions/${claim.id}/supersede`, { replacement: { date: '1852' } }],
  };
  const move = step[status];
  if (move) {
    const reply = await s.request('POST', move[0], { body: move[1] });
    if (reply.statusCode !== 200) throw new Error(`could not reach ${status}: ${reply.statusCode} ${reply.body}`);
  }
  return claim.id;
}

export const statusOf = (s: TestServer, id: string): string => (db(s).prepare('SELECT status FROM assertions WHERE id = ?').get(id) as { status: string }).status;
