import { join } from 'node:path';

/**
 * The seven assistant harnesses of CONTRACT §12: where each keeps its MCP servers, under which
 * key, and the shape of a server entry there. Checked against each vendor's documentation
 * (docs/integrations.md has the table and the sources). One table, read by the service, the
 * list route and the tests.
 */
export type HarnessId = 'claude-desktop' | 'cursor' | 'vscode' | 'windsurf' | 'zed' | 'cline' | 'claude-code';

export type Platform = 'linux' | 'darwin' | 'win32';

/** Where a harness's file lives, from the three folders every harness starts from. */
interface Folders {
  home: string;
  /** Linux `$XDG_CONFIG_HOME` or `~/.config`; macOS `~/Library/Application Support`; Windows `%APPDATA%`. */
  appConfig: string;
  /** `~/.config` on Linux and macOS (Zed keeps its settings there on both); `%APPDATA%` on Windows. */
  xdgConfig: string;
}

export interface Harness {
  id: HarnessId;
  display_name: string;
  vendor: string;
  /** The object in the file that holds MCP servers, by name. */
  servers_key: string;
  /** The file, as a sentence fragment a person can follow without a path: "Cursor's MCP file (mcp.json in the .cursor folder of your home folder)". */
  file_in_words: string;
  /** Whether the harness must be restarted (or its servers reloaded) to see a new server. */
  restart_required: boolean;
  file(folders: Folders, platform: Platform): string;
  /** The server entry that starts `command args`: no secret, no token (rootline mcp finds its own). */
  entry(command: string, args: string[]): Record<string, unknown>;
}

/** VS Code's user folder, which Cline's settings live under too. */
const vscodeUser = (folders: Folders) => join(folders.appConfig, 'Code', 'User');

const plain = (command: string, args: string[]) => ({ command, args });

export const HARNESSES: readonly Harness[] = [
  {
    id: 'claude-desktop',
    display_name: 'Claude Desktop',
    vendor: 'Anthropic',
    servers_key: 'mcpServers',
    file_in_words: "Claude Desktop's settings file (claude_desktop_config.json in Claude's folder of your application settings)",
    restart_required: true,
    file: (folders) => join(folders.appConfig, 'Claude', 'claude_desktop_config.json'),
    entry: plain,
  },
  {
    id: 'cursor',
    display_name: 'Cursor',
    vendor: 'Anysphere',
    servers_key: 'mcpServers',
    file_in_words: "Cursor's MCP file (mcp.json in the .cursor folder of your home folder)",
    restart_required: true,
    file: (folders) => join(folders.home, '.cursor', 'mcp.json'),
    entry: plain,
  },
  {
    id: 'vscode',
    display_name: 'Visual Studio Code',
    vendor: 'Microsoft',
    servers_key: 'servers',
    file_in_words: "VS Code's user MCP file (mcp.json in the User folder of VS Code's settings)",
    restart_required: false,
    file: (folders) => join(vscodeUser(folders), 'mcp.json'),
    entry: (command, args) => ({ type: 'stdio', command, args }),
  },
  {
    id: 'windsurf',
    display_name: 'Windsurf',
    vendor: 'Windsurf (Codeium)',
    servers_key: 'mcpServers',
    file_in_words: "Windsurf's MCP file (mcp_config.json in the .codeium/windsurf folder of your home folder)",
    restart_required: true,
    file: (folders) => join(folders.home, '.codeium', 'windsurf', 'mcp_config.json'),
    entry: plain,
  },
  {
    id: 'zed',
    display_name: 'Zed',
    vendor: 'Zed Industries',
    servers_key: 'context_servers',
    file_in_words: "Zed's settings file (settings.json in Zed's configuration folder)",
    restart_required: false,
    file: (folders, platform) => join(platform === 'win32' ? join(folders.appConfig, 'Zed') : join(folders.xdgConfig, 'zed'), 'settings.json'),
    entry: (command, args) => ({ command, args, env: {} }),
  },
  {
    id: 'cline',
    display_name: 'Cline',
    vendor: 'Cline Bot',
    servers_key: 'mcpServers',
    file_in_words: "Cline's MCP settings file (cline_mcp_settings.json in Cline's storage inside VS Code's settings)",
    restart_required: false,
    file: (folders) => join(vscodeUser(folders), 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
    entry: (command, args) => ({ command, args, disabled: false }),
  },
  {
    id: 'claude-code',
    display_name: 'Claude Code',
    vendor: 'Anthropic',
    servers_key: 'mcpServers',
    file_in_words: "Claude Code's user settings (.claude.json in your home folder)",
    restart_required: true,
    file: (folders) => join(folders.home, '.claude.json'),
    entry: (command, args) => ({ type: 'stdio', command, args, env: {} }),
  },
];

/** The harness of an id, or undefined. */
export function harnessById(id: string): Harness | undefined {
  return HARNESSES.find((harness) => harness.id === id);
}

/**
 * The three folders for a platform. `ROOTLINE_HARNESS_HOME` replaces the home folder, and then
 * every folder is found under it (`%APPDATA%` as `AppData/Roaming`, `XDG_CONFIG_HOME` ignored),
 * so a test never touches a real home.
 */
export function foldersFor(platform: Platform, env: NodeJS.ProcessEnv, realHome: string): Folders {
  const override = env.ROOTLINE_HARNESS_HOME;
  const home = override || realHome;
  const dotConfig = join(home, '.config');
  if (platform === 'win32') {
    const appData = (!override && env.APPDATA) || join(home, 'AppData', 'Roaming');
    return { home, appConfig: appData, xdgConfig: appData };
  }
  if (platform === 'darwin') return { home, appConfig: join(home, 'Library', 'Application Support'), xdgConfig: dotConfig };
  const xdg = (!override && env.XDG_CONFIG_HOME) || dotConfig;
  return { home, appConfig: xdg, xdgConfig: xdg };
}

/** The config file of a harness on this machine. */
export function configFileOf(harness: Harness, platform: Platform, env: NodeJS.ProcessEnv, realHome: string): string {
  return harness.file(foldersFor(platform, env, realHome), platform);
}

/** The entry's name under the servers key. */
export const SERVER_NAME = 'rootline';
