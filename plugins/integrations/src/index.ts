import { createIntegrationsPlugin } from './plugin.js';

/**
 * @rootline/plugin-integrations: one-click connect of the seven assistant harnesses of
 * CONTRACT §12 (Claude Desktop, Cursor, VS Code, Windsurf, Zed, Cline, Claude Code) to
 * `rootline mcp`: each gets an agent credential of its own and a server entry in its own
 * config file, edited in place with its comments kept. Global: routes under /v1 only, which
 * credential each harness holds in the registry. See docs/integrations.md.
 */
export default createIntegrationsPlugin();
