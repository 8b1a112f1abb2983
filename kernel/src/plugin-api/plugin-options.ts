import { Value } from '@sinclair/typebox/value';
import type { PluginDeclaration } from './define-plugin.js';

/**
 * A plugin's settings: the manifest entry's `options`, overridden by the documented
 * environment variables, with the schema's defaults filled in. A value that does not fit
 * the schema stops boot with one line naming the plugin, the option and where it came from.
 */
export function resolvePluginOptions(plugin: string, declaration: PluginDeclaration, fromManifest: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const options: Record<string, unknown> = { ...fromManifest };
  const origin = new Map<string, string>();
  for (const [option, variable] of Object.entries(declaration.environment)) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    const property = declaration.options.properties[option];
    options[option] = property ? Value.Convert(property, text) : text;
    origin.set(option, variable);
  }
  const settled = Value.Default(declaration.options, options) as Record<string, unknown>;
  const error = Value.Errors(declaration.options, settled).First();
  if (error) {
    const option = error.path.replace(/^\//, '').split('/')[0];
    const where = origin.has(option) ? ` (from ${origin.get(option)})` : option ? ' (in the manifest)' : '';
    const naming = option ? `option "${option}"${where}` : 'options';
    throw new Error(`Plugin ${plugin}: ${naming} ${error.message.toLowerCase()}`);
  }
  return settled;
}
