// A built server with one tree seeded by seedPeople (people-seed.ts), for the benches that need
// a large tree: the people views, merges, duplicate candidates, conflicts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAgentCredential, createServer, readManifest, type RootlineServer } from '@rootline/kernel/host';
import { scoped, type Actor, type Tree } from '@rootline/kernel';
import { seedPeople, type PeopleServices, type Seeded } from './people-seed.js';

const root = resolve(import.meta.dirname, '../../..');

export interface SeededTree {
  server: RootlineServer;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The human's Authorization header. */
  headers: Record<string, string>;
  dataDir: string;
  tree: Tree;
  human: Actor;
  agent: Actor;
  /** The tree's services as a request sees them (acting as the human). */
  services: PeopleServices;
  seeded: Seeded;
  seedSeconds: number;
  close(): Promise<void>;
}

/**
 * Starts the server of `manifest` (the default build's) on a loopback port in a new data folder
 * and seeds its active tree with `persons` persons of `claims` claims each (at most 10).
 */
export async function openSeededTree(options: { persons: number; claims: number; manifest?: string; name: string }): Promise<SeededTree> {
  const dataDir = mkdtempSync(join(tmpdir(), `rootline-bench-${options.name}-`));
  let server: RootlineServer | undefined;
  try {
    const manifest = readManifest(options.manifest ?? join(root, 'rootline.manifest.json'));
    server = await createServer({ dataDir, manifest, env: { ...process.env, ROOTLINE_LOG_LEVEL: 'warn' } });
    const url = await server.listen(0);
    const headers = { authorization: `Bearer ${readFileSync(server.layout.humanTokenFile, 'utf8').trim()}` };
    const tree = server.kernel.trees.active();
    const human: Actor = { kind: 'human', credentialId: null };
    const agent: Actor = { kind: 'agent', credentialId: createAgentCredential(server.kernel.registry, 'bench').credential_id, proposer: 'bench-model' };
    // The services of the tree as a request sees them: a scope of the container with the tree in it.
    const scope = server.kernel.container.createScope();
    scope.register({ tree: scoped(() => tree), actor: scoped(() => human) });
    const services = scope.cradle as unknown as PeopleServices;
    const started = performance.now();
    const seeded = seedPeople(services, { persons: options.persons, claims: options.claims, human, agent, transact: (work) => tree.transact(work) });
    const seedSeconds = Math.round((performance.now() - started) / 1000);
    // Seeding held the event loop: let the server drop keep-alive sockets that timed out meanwhile.
    await new Promise((done) => setTimeout(done, 500));
    const opened = server;
    return {
      server, url, headers, dataDir, tree, human, agent, services, seeded, seedSeconds,
      async close() {
        await opened.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
