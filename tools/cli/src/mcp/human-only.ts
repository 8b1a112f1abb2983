/**
 * The human's actions, asked for by an assistant. They are no tools (the generator leaves out
 * every `x-access: human` operation), but a model that calls one by its name is not mistyping:
 * it is told that only the human may do this in Rootline, and what it can do instead.
 */

/** A human-only operation of the API, under the name its tool would have. */
export interface HumanAction {
  name: string;
  method: string;
  path: string;
  summary: string;
}

interface Instead {
  /** The human's operations (`METHOD path`) this applies to. */
  for: string[];
  /** The agent's operation it needs, named by its tool; without one, it needs no tool. */
  via?: string;
  say: (tool: string) => string;
}

const MERGE = ['POST /v1/persons/merge'];
const CONFIRM = ['POST /v1/assertions/{id}/confirm', 'POST /v1/pending/bulk-confirm'];
const REVIEW_PROPOSAL = ['POST /v1/proposals/{id}/approve', 'POST /v1/proposals/{id}/deny'];

/** What an assistant may do instead, where the API offers it something. */
const INSTEAD: Instead[] = [
  { for: MERGE, via: 'POST /v1/proposals', say: (tool) => `propose the merge with ${tool} (the two persons and your reasons) for the human to approve or deny` },
  { for: CONFIRM, say: () => 'leave the claim pending for the human to review' },
  {
    for: CONFIRM,
    via: 'POST /v1/assertions/{id}/attach-evidence-and-confirm',
    say: (tool) => `attach real evidence anyone can follow (a URL, a stored file, a citation; not an offline record) and confirm the claim in one step with ${tool}`,
  },
  { for: REVIEW_PROPOSAL, say: () => 'leave the proposal pending for the human to approve or deny' },
];

/**
 * The text of the tool error for a human-only action: only the human may do it, so ask them;
 * or what the assistant may do instead (a way that needs a tool this server lacks is left out).
 */
export function humanOnlyText(action: HumanAction, toolOf: (route: string) => string | undefined): string {
  const route = `${action.method} ${action.path}`;
  const instead = INSTEAD.filter((way) => way.for.includes(route)).flatMap((way) => {
    const tool = way.via === undefined ? '' : toolOf(way.via);
    return tool === undefined ? [] : [way.say(tool)];
  });
  const summary = action.summary.replace(/\s*\(human only\)$/, '');
  return [
    `human-only: "${summary}" (${route}) is for the human to do in Rootline; an assistant's credential may not, so there is no tool for it.`,
    `Ask the human to do it${instead.length ? `; meanwhile you may ${instead.join(', or ')}` : ''}.`,
  ].join(' ');
}
