/**
 * The assistant apps `rootline mcp --harness` knows, by the ids the integrations plugin gives them
 * (`GET /v1/integrations/harnesses`, in its order; test/mcp-harnesses.test.ts holds the two together).
 */
export const HARNESSES = ['claude-desktop', 'cursor', 'vscode', 'windsurf', 'zed', 'cline', 'claude-code'] as const;
