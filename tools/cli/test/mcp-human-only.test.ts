import t from 'tap';
import { humanOnlyText } from '../src/mcp/human-only.js';

/** What an assistant is told when it calls one of the human's actions (tools/cli/src/mcp/human-only.ts). */

const tools: Record<string, string> = {
  'POST /v1/proposals': 'post_proposals',
  'POST /v1/assertions/{id}/attach-evidence-and-confirm': 'post_assertions_id_attach_evidence_and_confirm',
};
const toolOf = (route: string) => tools[route];
const action = (method: string, path: string, summary: string) => ({ name: 'x', method, path, summary });

t.test('only the human may: ask them, and what the assistant may do instead', async (t) => {
  t.equal(
    humanOnlyText(action('POST', '/v1/persons/merge', 'Merge two persons into one (human only)'), toolOf),
    'human-only: "Merge two persons into one" (POST /v1/persons/merge) is for the human to do in Rootline; an assistant\'s credential may not, so there is no tool for it. ' +
      'Ask the human to do it; meanwhile you may propose the merge with post_proposals (the two persons and your reasons) for the human to approve or deny.',
  );
  for (const path of ['/v1/assertions/{id}/confirm', '/v1/pending/bulk-confirm']) {
    t.match(
      humanOnlyText(action('POST', path, 'Confirm'), toolOf),
      /Ask the human to do it; meanwhile you may leave the claim pending for the human to review, or attach real evidence anyone can follow \(a URL, a stored file, a citation; not an offline record\) and confirm the claim in one step with post_assertions_id_attach_evidence_and_confirm\.$/,
      path,
    );
  }
  t.match(humanOnlyText(action('POST', '/v1/proposals/{id}/deny', 'Deny a proposal'), toolOf), /Ask the human to do it; meanwhile you may leave the proposal pending for the human to approve or deny\.$/);
  t.match(humanOnlyText(action('PUT', '/v1/trees/active', 'Switch the active tree'), toolOf), /^human-only: "Switch the active tree" \(PUT \/v1\/trees\/active\) .* Ask the human to do it\.$/, 'nothing else to offer');
});

t.test('a way round that needs a tool this server lacks is not offered', async (t) => {
  const none = () => undefined;
  t.match(humanOnlyText(action('POST', '/v1/persons/merge', 'Merge'), none), / Ask the human to do it\.$/);
  t.match(humanOnlyText(action('POST', '/v1/assertions/{id}/confirm', 'Confirm'), none), /; meanwhile you may leave the claim pending for the human to review\.$/);
});
