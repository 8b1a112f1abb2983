#!/usr/bin/env node
// The built server (npm run build writes dist/rootline.mjs at the repository root).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../../../dist/rootline.mjs', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('rootline: not built yet; run `npm run build` at the repository root\n');
  process.exit(1);
}
await import(bundle);
