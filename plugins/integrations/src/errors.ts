import { defineProblem, Problems } from '@rootline/kernel';

/**
 * Problems the integrations plugin throws. None names a path of the user's machine: a config
 * file is described in words ("Cursor's MCP file (mcp.json in the .cursor folder of your home
 * folder)").
 */
export const IntegrationProblems = {
  /**
   * CONTRACT §4: the harness's config file exists but cannot be edited safely — not JSON with
   * comments (`reason: invalid-json`, with line and column), not an object (`not-an-object`),
   * its servers key is not an object (`servers-not-an-object`), or it cannot be read
   * (`unreadable`). Nothing is written.
   */
  unavailable: defineProblem('harness-unavailable', 422, 'That assistant\'s settings file cannot be edited safely'),
  /** Writing the config file (or the credential) failed; the original file is as it was. */
  connectFailed: defineProblem('harness-connect-failed', 500, 'Connecting the assistant failed'),
  /** No harness of that id (the seven are listed by GET /v1/integrations/harnesses). */
  unknownHarness: (id: string) =>
    Problems.notFound(`There is no assistant harness ${JSON.stringify(id)}; GET /v1/integrations/harnesses lists the seven`, { extras: { entity: 'harness' } }),
};
