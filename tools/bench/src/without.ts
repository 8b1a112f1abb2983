// A fair baseline is the same server without the plugin measured: the default build's plugins
// minus that one and minus every plugin that needs it (directly or through another), since the
// kernel refuses a manifest missing a dependency. What needs what is read from each plugin's
// package.json `peerDependencies`, the same source the kernel's manifest check reads.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Each workspace plugin's name and the plugins it needs, from plugins/<dir>/package.json. */
export function pluginNeeds(pluginsDir: string): Map<string, string[]> {
  const needs = new Map<string, string[]>();
  for (const dir of readdirSync(pluginsDir)) {
    const file = join(pluginsDir, dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name: string; peerDependencies?: Record<string, string> };
    needs.set(manifest.name, Object.keys(manifest.peerDependencies ?? {}).filter((name) => name.startsWith('@rootline/plugin-')));
  }
  return needs;
}

/** `names` in their order without `left` and every plugin that needs it, directly or not. */
export function without(names: readonly string[], left: string, needs: ReadonlyMap<string, readonly string[]>): string[] {
  const gone = new Set([left]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of names) {
      if (!gone.has(name) && (needs.get(name) ?? []).some((need) => gone.has(need))) {
        gone.add(name);
        grew = true;
      }
    }
  }
  return names.filter((name) => !gone.has(name));
}
