import t from 'tap';
import { nextLinkOf, nextPageText } from '../src/mcp/paging.js';
import { resultOf } from '../src/mcp/result.js';

/** A reply's `Link: <...>; rel="next"` header, handed to the model as the next page's cursor (tools/cli/src/mcp/paging.ts, result.ts). */

t.test('the next link of a Link header (RFC 8288): rel next, quoted or not, among others', async (t) => {
  t.equal(nextLinkOf('</v1/notes?target=k&cursor=abc>; rel="next"'), '/v1/notes?target=k&cursor=abc');
  t.equal(nextLinkOf('</v1/notes?cursor=a>; rel=next'), '/v1/notes?cursor=a', 'a bare token');
  t.equal(nextLinkOf('</first>; rel="first", </v1/x?cursor=b>; title="more"; REL="prev next"'), '/v1/x?cursor=b', 'one of several links; one of several relations; case');
  t.equal(nextLinkOf('</v1/x?cursor=a,b>;rel="next"'), '/v1/x?cursor=a,b', 'a comma inside the brackets');
  t.equal(nextLinkOf('</v1/x>; rel="prev"'), undefined);
  t.equal(nextLinkOf('</v1/x>; rel="nextpage"'), undefined, 'a relation is a whole word');
  t.equal(nextLinkOf(''), undefined);
  t.equal(nextLinkOf(null), undefined);
  t.equal(nextLinkOf(undefined), undefined);
});

t.test('the text a tool result adds: the cursor and the call that follows it', async (t) => {
  t.equal(nextPageText('get_notes', '/v1/notes?target=k&limit=2&cursor=eyJ.6H_u'), 'next_cursor: eyJ.6H_u\nMore remain: call get_notes again with the same arguments and cursor "eyJ.6H_u".');
  t.equal(nextPageText('get_things', '/v1/things?page=2'), 'More remain: the next page is at /v1/things?page=2 (HTTP API).', 'a link without a cursor is still said');
});

t.test('a tool result: the body, then the next cursor when the reply links one; a Problem is an error', async (t) => {
  t.same(resultOf('get_notes', { status: 200, text: '[1,2]', link: '</v1/notes?target=k&cursor=c2>; rel="next"' }), {
    content: [{ type: 'text', text: '[1,2]' }, { type: 'text', text: 'next_cursor: c2\nMore remain: call get_notes again with the same arguments and cursor "c2".' }],
  });
  t.same(resultOf('get_notes', { status: 200, text: '[3]', link: null }), { content: [{ type: 'text', text: '[3]' }] }, 'the last page: the body alone');
  t.same(resultOf('post_jobs_id_cancel', { status: 202, text: '' }), { content: [{ type: 'text', text: 'HTTP 202' }] });
  t.same(resultOf('get_notes', { status: 400, text: '{"code":"invalid-cursor","detail":"Changed"}', link: '</x?cursor=c>; rel="next"' }), {
    isError: true, content: [{ type: 'text', text: 'invalid-cursor: Changed\n{"code":"invalid-cursor","detail":"Changed"}' }],
  });
  t.same(resultOf('get_x', { status: 502, text: 'Bad gateway' }), { isError: true, content: [{ type: 'text', text: 'HTTP 502: Bad gateway' }] });
});
