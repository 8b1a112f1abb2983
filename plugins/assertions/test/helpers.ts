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
