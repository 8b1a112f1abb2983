import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
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
    options[option] = fromEnvironment(declaration.options.properties[option], text);
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

/**
 * An environment variable's text as the option's type. Numbers are read whole (`5e8`,
 * `1.5` stay what they say, so the schema can refuse a fraction instead of a silent
 * truncation); anything unreadable stays text and the schema refuses it.
 */
function fromEnvironment(property: TSchema | undefined, text: string): unknown {
  if (property?.type === 'integer' || property?.type === 'number') {
    const value = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(value) ? value : text;
  }
  return property ? Value.Convert(property, text) : text;
}
