import { Type, type Static } from '@sinclair/typebox';

const HARNESS_IDS = ['claude-desktop', 'cursor', 'vscode', 'windsurf', 'zed', 'cline', 'claude-code'];

export const HarnessParams = Type.Object({
  harness: Type.String({ minLength: 1, maxLength: 64, description: `A harness id: ${HARNESS_IDS.join(', ')} (another id is 404 \`not-found\`)`, examples: ['cursor'] }),
});

const Action = Type.Union([Type.Literal('create-file'), Type.Literal('add-entry'), Type.Literal('replace-entry')], {
  description: '`create-file`: there was no config file, a new one (and its folders) is made; `add-entry`: the file gains the `rootline` server entry; `replace-entry`: the file had one (an earlier connect), it is replaced and the earlier credential revoked',
});

const HarnessDto = Type.Object(
  {
    id: Type.String({ description: 'The harness id, also the route segment' }),
    display_name: Type.String(),
    vendor: Type.String({ description: 'Who makes the assistant' }),
    one_click: Type.Boolean({ description: 'Connect can set it up by itself (it writes the harness\'s own config file). True for all seven.' }),
    connected: Type.Optional(Type.Boolean({ description: 'A credential issued by connect is still valid and the harness\'s config file still holds the `rootline` entry' })),
  },
  { $id: 'HarnessDto' },
);

export const HarnessListResponseDto = Type.Object(
  { harnesses: Type.Array(HarnessDto, { description: 'The seven harnesses of CONTRACT §12, always in this order' }) },
  {
    $id: 'HarnessListResponseDto',
    examples: [{ harnesses: [{ id: 'claude-desktop', display_name: 'Claude Desktop', vendor: 'Anthropic', one_click: true, connected: false }, { id: 'cursor', display_name: 'Cursor', vendor: 'Anysphere', one_click: true, connected: true }] }],
  },
);
export type HarnessListResponse = Static<typeof HarnessListResponseDto>;

export const ConnectPreviewDto = Type.Object(
  {
    action: Action,
    display_name: Type.String(),
    existing_keys_preserved: Type.Array(Type.String(), { description: 'What the file holds that connect keeps as it is: its top-level keys other than the servers key, then `<servers_key>.<name>` of every other server. Comments are kept too.' }),
    harness_id: Type.String(),
    server_entry_already_existed: Type.Boolean({ description: 'The file already has a `rootline` server entry' }),
    servers_key: Type.String({ description: 'The key of the file that holds MCP servers (`mcpServers`, `servers` for VS Code, `context_servers` for Zed)' }),
    summary: Type.String({ description: 'What connect would do, in words; the file is described, never given as a path' }),
  },
  {
    $id: 'ConnectPreview',
    examples: [{
      action: 'add-entry',
      display_name: 'Cursor',
      existing_keys_preserved: ['mcpServers.github'],
      harness_id: 'cursor',
      server_entry_already_existed: false,
      servers_key: 'mcpServers',
      summary: 'Connect would add a server named "rootline" under "mcpServers" in Cursor\'s MCP file (mcp.json in the .cursor folder of your home folder), keeping everything else in it, comments included, and keep a copy of the file as it was beside it. It starts `rootline mcp --harness cursor`, which uses an agent credential of Cursor\'s own; no secret goes into the file.',
    }],
  },
);
export type ConnectPreview = Static<typeof ConnectPreviewDto>;

export const ConnectResultDto = Type.Object(
  {
    action: Action,
    backup_path_description: Type.String({ description: 'Where the copy of the file as it was went, in words (beside it, its name with `.rootline-backup-<UTC time>` added); or that there was no file to copy' }),
    restart_required: Type.Boolean({ description: 'The assistant must be restarted (or its server list refreshed) to see the new server' }),
  },
  {
    $id: 'ConnectResult',
    examples: [{ action: 'add-entry', backup_path_description: 'A copy of Cursor\'s MCP file as it was is beside it, named mcp.json.rootline-backup-20261125T060102123Z', restart_required: true }],
  },
);
export type ConnectResult = Static<typeof ConnectResultDto>;
