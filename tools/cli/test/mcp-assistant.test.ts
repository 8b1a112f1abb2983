import t from 'tap';
import { folder } from './helpers.js';
import { agentToken, connected, textOf, textsOf } from './mcp-client.js';

/**
 * What an assistant meets when it calls the tools of `rootline mcp` (an in-process command
 * and server, the MCP SDK's Client on its pipes): a paged answer it can go on from, an argument
 * it got wrong refused rather than dropped, optional bodies left out, the human's actions
 * refused as such, and a prompt whose instructions the tools can carry out.
 */

t.test('an assistant researching through the tools', async (t) => {
  const dataDir = folder(t);
  const { client } = await connected(t, dataDir, agentToken(dataDir));
  const tools = (await client.listTools()).tools;
  const call = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const made = async (name: string, args: Record<string, unknown>) => {
    const result = await call(name, args);
    if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
    return JSON.parse(textOf(result));
  };

  t.test('notes come a page at a time, and the result says how to get the next page', async (t) => {
    for (const text of ['Baptised 1824, Cork', 'Emigrated 1847', 'Buried 1901, Boston']) await made('post_notes', { body: { target: 'walsh-family', text } });
    const notes = tools.find((tool) => tool.name === 'get_notes')!;
    t.match(notes.description, /call get_notes again with the same arguments and `cursor` set to it/, 'the description says how to page over MCP');
    const first = await call('get_notes', { target: 'walsh-family', limit: 2 });
    t.notOk(first.isError);
    const [page, next] = textsOf(first);
    t.same(JSON.parse(page).map((note: { text: string }) => note.text), ['Baptised 1824, Cork', 'Emigrated 1847']);
    t.match(next, /^next_cursor: \S+\n/, 'a second text carries the next cursor');
    const cursor = /^next_cursor: (\S+)/.exec(next ?? '')?.[1];
    const second = await call('get_notes', { target: 'walsh-family', limit: 2, cursor });
    t.same(JSON.parse(textOf(second)).map((note: { text: string }) => note.text), ['Buried 1901, Boston'], 'the cursor leads to the rest');
    t.equal(textsOf(second).length, 1, 'the last page has no next cursor');
  });

  t.test('an argument a tool does not take is refused, naming it and what the tool takes', async (t) => {
    const persona = await made('post_personas', { body: { given: 'Mary', surname: 'Walsh' } });
    await made('post_persons', { body: { personas: [persona.id] } });
    const filtered = await call('get_persons', { name: 'Kennedy' });
    t.equal(filtered.isError, true, 'not every person, as if filtered');
    t.match(textOf(filtered), /^invalid-arguments: get_persons has no argument name: it takes (\w+, )*q, /);
    const schema = tools.find((tool) => tool.name === 'get_persons')!.inputSchema;
    t.equal(schema.additionalProperties, false, 'the input schema says so too');
    t.same(tools.filter((tool) => tool.inputSchema.additionalProperties !== false).map((tool) => tool.name), [], 'on every tool');
  });

  t.test('a body the route does not need can be left out', async (t) => {
    const question = await made('post_research_questions', { body: { text: 'Who were the parents of Mary Walsh?' } });
    const entry = await made('post_research_log', { body: { question: question.id, text: 'Searched the Cork baptisms 1820-1828' } });
    const persona = await made('post_personas', { body: { given: 'John', surname: 'Walsh' } });
    const person = await made('post_persons', { body: { personas: [persona.id] } });
    for (const [name, id] of [
      ['post_research_questions_id_coverage_confirm', question.id],
      ['post_research_log_id_retract', entry.id],
      ['post_research_questions_id_close', question.id],
      ['post_persons_id_retract', person.id],
    ]) {
      t.notOk(tools.find((tool) => tool.name === name)!.inputSchema.required?.includes('body'), `${name}: body is not required`);
      const result = await call(name, { id });
      t.notOk(result.isError, `${name} {id}: ${textOf(result).slice(0, 200)}`);
    }
    t.equal((await made('get_research_log_id', { id: entry.id })).status, 'retracted');
    t.equal((await made('get_research_questions_id', { id: question.id })).status, 'closed');
  });

  t.test('a human-only action is refused as the human\'s, with what to do instead', async (t) => {
    const persona = await made('post_personas', { body: { given: 'Ellen', surname: 'Walsh' } });
    const claim = await made('post_assertions_capture', { body: { persona: persona.id, kind: 'birth', date: 'ABT 1826' } });
    const confirm = await call('post_assertions_id_confirm', { id: claim.id });
    t.equal(confirm.isError, true, 'a tool error, not "There is no tool"');
    t.match(textOf(confirm), /^human-only: .*is for the human to do in Rootline.*Ask the human.*leave the claim pending.*post_assertions_id_attach_evidence_and_confirm/);
    t.equal((await made('get_assertions_id', { id: claim.id })).status, 'pending', 'the claim still waits for the human');
    const merge = await call('post_persons_merge', { body: {} });
    t.equal(merge.isError, true);
    t.match(textOf(merge), /^human-only: "Merge two persons into one" .*propose the merge with post_proposals/);
  });

  t.test('the prompt asks only for what the tools can do: the summary goes into the log, then the session ends', async (t) => {
    const text = ((await client.getPrompt({ name: 'start-research-session' })).messages[0].content as { text: string }).text;
    const end = tools.find((tool) => tool.name === 'post_research_sessions_id_end')!;
    t.same(Object.keys(end.inputSchema.properties ?? {}), ['id'], 'ending a session takes no summary');
    t.notMatch(text, /end the session with a (short )?summary/);
    t.match(text, /summary .*research-log entry .*\(post_research_log.*then end it \(post_research_sessions_id_end/);
    const named = text.match(/\b(?:get|post|put|patch|delete)_[a-z_]+/g) ?? [];
    t.same(named.filter((name) => !tools.some((tool) => tool.name === name)), [], 'every tool it names exists');

    const question = await made('post_research_questions', { body: { text: 'When did Ellen Walsh emigrate?' } });
    const session = await made('post_research_sessions', { body: { question: question.id, goal: 'Search the passenger lists 1845-1850' } });
    await made('post_research_log', { body: { question: question.id, text: 'Summary: passenger lists 1845-1850 searched; no Ellen Walsh of the right age.' } });
    const ended = await made('post_research_sessions_id_end', { id: session.id });
    t.equal(ended.entries.total, 1, 'the summary is in the ended session');
  });
});
