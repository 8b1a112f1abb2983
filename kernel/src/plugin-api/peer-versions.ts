import semver from 'semver';

export interface VersionedPlugin {
  name: string;
  version: string;
  /** The package's `peerDependencies`: the kernel and the plugins it uses, with version ranges. */
  peerDependencies: Record<string, string>;
  /** The Rootline plugins it declared as `dependencies` (definePlugin). */
  dependencies: string[];
}

/**
 * Checks a manifest's plugins against each other before any is registered: every plugin a
 * plugin uses is listed earlier, is declared in its `peerDependencies`, and its version
 * satisfies the range; the kernel's version satisfies every plugin's kernel range.
 * Returns one sentence per problem (empty when the manifest is sound).
 */
export function checkPeerVersions(kernelVersion: string, plugins: VersionedPlugin[]): string[] {
  const problems: string[] = [];
  const position = new Map(plugins.map((plugin, index) => [plugin.name, index]));
  plugins.forEach((plugin, index) => {
    const kernelRange = plugin.peerDependencies['@rootline/kernel'];
    if (!kernelRange) problems.push(`Plugin ${plugin.name} does not say which kernel it needs: add "@rootline/kernel" to its peerDependencies`);
    else if (!semver.satisfies(kernelVersion, kernelRange)) problems.push(`Plugin ${plugin.name} needs @rootline/kernel ${kernelRange}, but this kernel is ${kernelVersion}`);
    for (const dependency of plugin.dependencies) {
      if (!plugin.peerDependencies[dependency]) problems.push(`Plugin ${plugin.name} uses ${dependency} but does not list it in its peerDependencies`);
    }
    for (const [peer, range] of Object.entries(plugin.peerDependencies)) {
      if (!peer.startsWith('@rootline/plugin-')) continue;
      const at = position.get(peer);
      if (at === undefined) problems.push(`Plugin ${plugin.name} needs ${peer}, which the manifest does not list`);
      else if (at > index) problems.push(`Plugin ${plugin.name} needs ${peer}, which the manifest lists after it; list ${peer} first`);
      else if (!semver.satisfies(plugins[at].version, range)) problems.push(`Plugin ${plugin.name} needs ${peer} ${range}, but the manifest's ${peer} is ${plugins[at].version}`);
    }
  });
  return problems;
}
