import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../storage/registry.js';
import type { DataDirLayout } from '../storage/data-dir.js';
import { createAgentCredential, writeSecretFile } from './tokens.js';

/**
 * Agent credentials kept for a named program of this machine (CONTRACT §12: an assistant
 * harness connected by the human): the token lives in `<data>/credentials/agents/<name>.token`
 * (folder 0700, file 0600), where that program's `rootline mcp --harness <name>` reads it.
 * The registry keeps only the digest, as for every credential.
 */
const NAME = /^[a-z0-9-]{1,64}$/;

function agentTokenFile(agentsDir: string, name: string): string {
  if (!NAME.test(name)) throw new Error(`An agent credential file name is 1-64 of a-z, 0-9 and -, not ${JSON.stringify(name)}`);
  return join(agentsDir, `${name}.token`);
}

/** Issues a credential and writes its token for `name`; a file that cannot be written revokes it again. */
export function issueAgentCredentialFile(registry: Registry, layout: DataDirLayout, name: string, label: string): string {
  const file = agentTokenFile(layout.agentsDir, name);
  const credential = createAgentCredential(registry, label);
  try {
    writeSecretFile(file, `${credential.token}\n`);
  } catch (error) {
    registry.revokeCredential(credential.credential_id);
    throw error;
  }
  return credential.credential_id;
}

/** The token kept for `name` in a data folder, or undefined when there is none. */
export function readAgentTokenFile(dataDir: string, name: string): string | undefined {
  try {
    return readFileSync(agentTokenFile(join(dataDir, 'credentials', 'agents'), name), 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
