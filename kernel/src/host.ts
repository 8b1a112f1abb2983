/**
 * @rootline/kernel/host: what assembles and runs a server (the CLI, the bundle, benches).
 * Plugins never import this; they use `@rootline/kernel`.
 */
export { Kernel, type KernelSettings } from './kernel.js';
export { createServer, BootError, FIRST_TREE_NAME, type RootlineServer, type ServerOptions } from './server.js';
export { uuidv7, idSource } from './ids.js';
export { defaultDataDir } from './storage/data-dir.js';
export { DataDirLockedError, lockDataDir, lockedMessage, type DataDirLock, type LockHolder } from './storage/data-lock.js';
export { readManifest, ManifestError } from './manifest.js';
export type { Manifest, ManifestEntry, PluginSource } from './plugin.js';
export { createAgentCredential } from './auth/tokens.js';
export { readAgentTokenFile } from './auth/agent-files.js';
export type { Registry } from './storage/registry.js';
export { openRegistry } from './storage/open-registry.js';
export type { Tree } from './storage/tree.js';
