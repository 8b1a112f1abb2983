import t from 'tap';
import { definePlugin } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/testing';
import { BOOK, MISSING, QUESTION, footprint, newArgument, newCitation, newClaim, newPersona, newSource, proofServer, sql } from './fixtures/helpers.js';
import { scenario } from './fixtures/scenario.js';

const exportOf = (s: Awaited<ReturnType<typeof proofServer>>, id: string, accept?: string, prefix = '/v1') =>
  s.request('GET', `${prefix}/proof-arguments/${id}/export`, { headers: accept === undefined ? {} : { accept } });

const MARKDOWN = `# \\# \\<script\\>alert(1)\\</script\\> & \\[^9\\]

Research question: ${QUESTION}

First \\*line\\* \\[^1\\]
\\# Not a heading

indented
\\- not a list
1\\. not a list either
\\<b\\>bold\\</b\\> & \\&amp; "quoted" 'single'

## Claims weighed

1. Name: William Smyth (confirmed)[^1]
2. Birth: William\\_Smyth \\*jr\\* \\[son\\]; MAR 1851; Ledbury, Herefordshire (confirmed)[^2]
3. Baptism: 23 MAR 1851 (confirmed)[^3]
4. Residence: Ledbury (confirmed)[^4]
5. Burial (confirmed)[^5]
6. Occupation: Glover (confirmed)[^6]
7. Death (confirmed)[^7]
8. Military service: 1870 (confirmed)[^8]
9. Christening (confirmed)[^9]

[^1]: Old Fairfield.
[^2]: Donald Lines Jacobus, *History and Genealogy of the Families of Old Fairfield* (New Haven: Tuttle, Morehouse & Taylor, 1930), 212.
[^3]: 1851 census, Ledbury.
[^4]: Jacobus, *Families of Old Fairfield*, 212.
[^5]: Ledbury parish register.
[^6]: Family Bible, p. 3.
[^7]: No source cited.
[^8]: Jacobus, *Families of Old Fairfield*, 212.
[^9]: aardvark records.

## Sources

- 1851 census, Ledbury.
- aardvark records.
- Family Bible, p. 3.
- Jacobus, Donald Lines. *History and Genealogy of the Families of Old Fairfield*. New Haven: Tuttle, Morehouse & Taylor, 1930.
- Ledbury parish register.

## Conclusion

William was born in
March 1851.
`;

const back = (n: number) => `<a href="#claim-${n}" aria-label="Back to claim ${n}">↩</a>`;
const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title># &lt;script&gt;alert(1)&lt;/script&gt; &amp; [^9]</title>
<style>body{font-family:Georgia,"Times New Roman",serif;line-height:1.5;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}.question code{font-size:.9em}ol.notes,ul.sources{font-size:.95em}sup a{text-decoration:none}</style>
</head>
<body>
<article>
<h1># &lt;script&gt;alert(1)&lt;/script&gt; &amp; [^9]</h1>
<p class="question">Research question: <code>${QUESTION}</code></p>
<section class="argument">
<p>First *line* [^1]<br>
# Not a heading</p>
<p>indented<br>
- not a list<br>
1. not a list either<br>
&lt;b&gt;bold&lt;/b&gt; &amp; &amp;amp; &quot;quoted&quot; &#39;single&#39;</p>
</section>
<h2>Claims weighed</h2>
<ol class="claims">
<li id="claim-1">Name: William Smyth (confirmed)<sup><a href="#note-1">1</a></sup></li>
<li id="claim-2">Birth: William_Smyth *jr* [son]; MAR 1851; Ledbury, Herefordshire (confirmed)<sup><a href="#note-2">2</a></sup></li>
<li id="claim-3">Baptism: 23 MAR 1851 (confirmed)<sup><a href="#note-3">3</a></sup></li>
<li id="claim-4">Residence: Ledbury (confirmed)<sup><a href="#note-4">4</a></sup></li>
<li id="claim-5">Burial (confirmed)<sup><a href="#note-5">5</a></sup></li>
<li id="claim-6">Occupation: Glover (confirmed)<sup><a href="#note-6">6</a></sup></li>
<li id="claim-7">Death (confirmed)<sup><a href="#note-7">7</a></sup></li>
<li id="claim-8">Military service: 1870 (confirmed)<sup><a href="#note-8">8</a></sup></li>
<li id="claim-9">Christening (confirmed)<sup><a href="#note-9">9</a></sup></li>
</ol>
<h2>Notes</h2>
<ol class="notes">
<li id="note-1">Old Fairfield. ${back(1)}</li>
<li id="note-2">Donald Lines Jacobus, <em>History and Genealogy of the Families of Old Fairfield</em> (New Haven: Tuttle, Morehouse &amp; Taylor, 1930), 212. ${back(2)}</li>
<li id="note-3">1851 census, Ledbury. ${back(3)}</li>
<li id="note-4">Jacobus, <em>Families of Old Fairfield</em>, 212. ${back(4)}</li>
<li id="note-5">Ledbury parish register. ${back(5)}</li>
<li id="note-6">Family Bible, p. 3. ${back(6)}</li>
<li id="note-7">No source cited. ${back(7)}</li>
<li id="note-8">Jacobus, <em>Families of Old Fairfield</em>, 212. ${back(8)}</li>
<li id="note-9">aardvark records. ${back(9)}</li>
</ol>
<h2>Sources</h2>
<ul class="sources">
<li>1851 census, Ledbury.</li>
<li>aardvark records.</li>
<li>Family Bible, p. 3.</li>
<li>Jacobus, Donald Lines. <em>History and Genealogy of the Families of Old Fairfield</em>. New Haven: Tuttle, Morehouse &amp; Taylor, 1930.</li>
<li>Ledbury parish register.</li>
</ul>
<h2>Conclusion</h2>
<section class="conclusion">
<p>William was born in<br>
March 1851.</p>
</section>
</article>
</body>
</html>
`;

t.test('the Markdown export: footnotes numbered per claim, full then short notes, each source once and sorted, user text escaped', async (t) => {
  const s = await proofServer(t);
  const { argument } = await scenario(s);
  const before = footprint(s);
  const reply = await exportOf(s, argument.id);
  t.equal(reply.statusCode, 200);
  t.equal(reply.headers['content-type'], 'text/markdown; charset=utf-8');
  t.equal(reply.headers['content-disposition'], `inline; filename="proof-argument-${argument.id}.md"`);
  t.equal(reply.headers.vary, 'accept');
  t.notOk(reply.headers['content-security-policy'], 'the policy is for HTML');
  t.equal(reply.body, MARKDOWN);
  t.same(footprint(s), before, 'exporting writes nothing');
  const treeId = s.server.kernel.registry.activeTreeId();
  t.equal((await exportOf(s, argument.id, undefined, `/v1/trees/${treeId}`)).body, MARKDOWN, 'the same on the pinned mount');
  t.equal((await exportOf(s, argument.id, undefined)).body, MARKDOWN, 'the same again (nothing kept between exports)');
});

t.test('the HTML export: a complete document, every user text escaped, no external asset', async (t) => {
  const s = await proofServer(t);
  const { argument } = await scenario(s);
  const reply = await exportOf(s, argument.id, 'text/html');
  t.equal(reply.statusCode, 200);
  t.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
  t.equal(reply.headers['content-disposition'], `inline; filename="proof-argument-${argument.id}.html"`);
  t.equal(reply.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'");
  t.equal(reply.headers.vary, 'accept');
  t.equal(reply.body, HTML);
  t.notMatch(reply.body, /<script/i, 'the title\'s script tag comes out escaped');
  t.notMatch(reply.body, /(src|href)="(https?:)?\/\//, 'no external asset or link');
});

t.test('Accept chooses the format: HTML only when text/html is rated above text/markdown', async (t) => {
  const s = await proofServer(t);
  const argument = await newArgument(s, { title: 'T', text: 'x' });
  const rows: [string | undefined, 'md' | 'html'][] = [
    [undefined, 'md'],
    ['', 'md'],
    ['text/html', 'html'],
    ['TEXT/HTML', 'html'],
    ['text/html; charset=utf-8', 'html'],
    ['text/markdown', 'md'],
    ['*/*', 'md'],
    ['text/*', 'md'],
    ['application/json', 'md'],
    ['text/html, text/markdown', 'md'],
    ['text/html;q=0.5, text/markdown', 'md'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/markdown;q=0.5,text/html;q=0.6', 'html'],
    ['text/html;q=0', 'md'],
    ['text/html;q=abc', 'md'],
    ['text/html;q=', 'md'],
    ['text/*;q=0.1, text/html', 'html'],
    ['text/html;q=0.2, text/*;q=0.9', 'md'],
    ['*/*;q=0.5, text/html', 'html'],
    ['text/html;q=0.5, */*;q=0.6', 'md'],
    ['text/html;q=0.7, */*;q=0.6', 'html'],
    ['text/plain, text/html;q=0.1', 'html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'html'],
  ];
  for (const [accept, format] of rows) {
    const reply = await exportOf(s, argument.id, accept);
    t.equal(reply.headers['content-type'], format === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8', `Accept: ${accept}`);
    t.equal(reply.headers['content-disposition'], `inline; filename="proof-argument-${argument.id}.${format}"`, `Accept: ${accept}`);
    t.equal(reply.body.startsWith('<!doctype html>'), format === 'html', `Accept: ${accept}: the body is ${format}`);
  }
});

t.test('an argument without question, claims or conclusion exports each part as empty', async (t) => {
  const s = await proofServer(t);
  const argument = await newArgument(s, { title: 'Short', text: '  Only this.  \r\n\r\n\r\n\r\nAnd this.' });
  t.equal((await exportOf(s, argument.id)).body, `# Short

Only this.

And this.

## Claims weighed

No claims weighed.

## Sources

No sources cited.
`);
  t.equal((await exportOf(s, argument.id, 'text/html')).body.split('<article>\n')[1], `<h1>Short</h1>
<section class="argument">
<p>Only this.</p>
<p>And this.</p>
</section>
<h2>Claims weighed</h2>
<p>No claims weighed.</p>
<h2>Sources</h2>
<p>No sources cited.</p>
</article>
</body>
</html>
`);
});

t.test('claims without sources: every footnote says so, and the sources list is empty', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const claim = await newClaim(s, { persona, kind: 'sex', value: 'M' });
  const empty = await newCitation(s, undefined, { page: '  ' });
  const cited = await newClaim(s, { persona, kind: 'residence.address', value: '- 12 High St\n# Ledbury', citation: empty });
  const argument = await newArgument(s, { title: '1. Sex', text: '+ x', assertions: [claim, cited] });
  t.equal((await exportOf(s, argument.id)).body, `# 1\\. Sex

\\+ x

## Claims weighed

1. Sex: M (confirmed)[^1]
2. Residence address: - 12 High St \\# Ledbury (confirmed)[^2]

[^1]: No source cited.
[^2]: No source cited.

## Sources

No sources cited.
`, 'a citation with neither template, source nor values cites nothing');
});

t.test('a citation its template no longer renders falls back to its source\'s title', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s, 'Old Fairfield');
  const citation = await newCitation(s, source, BOOK, 'book');
  const claim = await newClaim(s, { persona, citation });
  const argument = await newArgument(s, { title: 'T', text: 'x', assertions: [claim, claim] });
  const fallback = '1. Birth (confirmed)[^1]\n\n[^1]: Old Fairfield.\n\n## Sources\n\n- Old Fairfield.\n';
  t.match((await exportOf(s, argument.id)).body, '[^1]: Donald Lines Jacobus, *History', 'rendered while it fits');
  sql(s, `UPDATE citations SET elements = '{"title":"Only a title"}' WHERE id = ?`, citation);
  const unfit = await exportOf(s, argument.id);
  t.equal(unfit.statusCode, 200, 'elements that no longer fit');
  t.match(unfit.body, fallback);
  sql(s, `UPDATE citations SET elements = ?, template = 'retired-template' WHERE id = ?`, JSON.stringify(BOOK), citation);
  const retired = await exportOf(s, argument.id);
  t.equal(retired.statusCode, 200, 'a template that is gone');
  t.match(retired.body, fallback);
});

t.test('the export of an unknown argument is 404; of an id that is not a UUID, 400', async (t) => {
  const s = await proofServer(t);
  for (const accept of [undefined, 'text/html']) {
    const reply = await exportOf(s, MISSING, accept);
    t.equal(reply.statusCode, 404);
    t.equal(reply.headers['content-type'], 'application/json; charset=utf-8', 'a Problem, whatever was asked for');
    t.match(reply.json(), { code: 'not-found', entity: 'proof argument', detail: `There is no proof argument ${MISSING} in this tree` });
    t.notOk(reply.headers['content-disposition'], 'no file for a Problem');
  }
  t.equal((await exportOf(s, 'nope')).statusCode, 400);
});

/** A read filter standing in for the views plugin's redactions: hides one claim's value from agents. */
function redactingPlugin(target: () => string): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-redacting',
    scope: 'tree',
    register(app) {
      app.kernel.addReadFilter((request, value) => {
        const copy = structuredClone(value) as { claims?: Record<string, unknown>[] };
        let changed = false;
        for (const claim of copy?.claims ?? []) {
          if (claim.id !== target()) continue;
          if (request.actor.kind === 'agent') claim.value = '[redacted]';
          else claim.redacted = ['value'];
          changed = true;
        }
        return changed ? (copy as typeof value) : value;
      });
    },
  });
  return { name: '@rootline/plugin-redacting', version: '0.1.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

t.test('what a reader may not see is hidden in the argument and its export (read filters)', async (t) => {
  let target = '';
  const redacting = redactingPlugin(() => target);
  const s = await proofServer(t, { plugins: [redacting.name], builtIn: [redacting] });
  const persona = await newPersona(s);
  target = await newClaim(s, { persona, value: 'Secret value' });
  const open = await newClaim(s, { persona, kind: 'death', value: 'Open value' });
  const argument = await newArgument(s, { title: 'T', text: 'x', assertions: [target, open] });

  const agent = (await s.request('GET', `/v1/proof-arguments/${argument.id}`, { token: s.agentToken })).json();
  t.same(agent.claims.map((claim: { assertion: string; value: string }) => [claim.assertion, claim.value]), [[target, '[redacted]'], [open, 'Open value']]);
  t.notOk('redacted' in agent.claims[0]);
  const human = (await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json();
  t.same(human.claims[0], { assertion: target, persona, kind: 'birth', value: 'Secret value', date: null, place: null, status: 'confirmed', source: null, citation: null, redacted: ['value'] });
  t.notOk('redacted' in human.claims[1]);

  const agentExport = (await s.request('GET', `/v1/proof-arguments/${argument.id}/export`, { token: s.agentToken })).body;
  t.match(agentExport, '1. Birth: \\[redacted\\] (confirmed)[^1]\n2. Death: Open value (confirmed)[^2]\n');
  t.notMatch(agentExport, 'Secret value');
  t.match((await s.request('GET', `/v1/proof-arguments/${argument.id}/export`)).body, '1. Birth: Secret value (confirmed)[^1]\n', 'the human reads the value');
  const agentHtml = (await s.request('GET', `/v1/proof-arguments/${argument.id}/export`, { token: s.agentToken, headers: { accept: 'text/html' } })).body;
  t.match(agentHtml, '<li id="claim-1">Birth: [redacted] (confirmed)');
  t.notMatch(agentHtml, 'Secret value');
});
