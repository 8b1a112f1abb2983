import t from 'tap';
import { load, withReadableMap } from '../src/source-maps.mjs';

const inline = (map: object) => `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
const mapOf = (code: string) => JSON.parse(Buffer.from(/base64,([A-Za-z0-9+/=]+)\s*$/.exec(code)![1]!, 'base64').toString('utf8'));

t.test('tsx\'s empty sourcesContent is dropped, so the coverage report reads the TypeScript file', async (t) => {
  const map = { version: 3, sources: ['file:///x/a.ts'], sourcesContent: [null], mappings: 'AAAA', names: [] };
  const code = `const a=1;\n${inline(map)}\n`;
  const out = withReadableMap(code);
  t.ok(out.startsWith('const a=1;\n//# sourceMappingURL=data:application/json;base64,'), 'the code is kept, the map stays inline and last');
  t.same(mapOf(out), { version: 3, sources: ['file:///x/a.ts'], mappings: 'AAAA', names: [] });
});

t.test('anything else passes through untouched', async (t) => {
  const withText = `x;\n${inline({ version: 3, sources: ['a.ts'], sourcesContent: ['const a = 1;'], mappings: 'AAAA' })}\n`;
  t.equal(withReadableMap(withText), withText, 'a map that carries the text keeps it');
  const partly = `x;\n${inline({ version: 3, sources: ['a.ts', 'b.ts'], sourcesContent: [null, 'b'], mappings: 'AAAA' })}`;
  t.equal(withReadableMap(partly), partly, 'one text is enough to keep them');
  const none = `x;\n${inline({ version: 3, sources: ['a.ts'], mappings: 'AAAA' })}`;
  t.equal(withReadableMap(none), none, 'no sourcesContent at all');
  t.equal(withReadableMap('plain();\n'), 'plain();\n', 'no map');
  const external = 'x;\n//# sourceMappingURL=a.js.map\n';
  t.equal(withReadableMap(external), external, 'a map in another file');
  const notLast = `x;\n${inline({ version: 3, sources: ['a.ts'], sourcesContent: [null], mappings: 'AAAA' })}\nmore();\n`;
  t.equal(withReadableMap(notLast), notLast, 'a map that is not the last line');
});

t.test('the load hook fixes TypeScript modules only', async (t) => {
  const broken = `a;\n${inline({ version: 3, sources: ['a.ts'], sourcesContent: [null], mappings: 'AAAA' })}\n`;
  const next = (source: string | null) => async () => ({ format: 'module', source });
  for (const url of ['file:///x/a.ts', 'file:///x/a.mts', 'file:///x/a.cts', 'file:///x/a.tsx']) {
    const loaded = await load(url, {}, next(broken));
    t.notOk('sourcesContent' in mapOf(loaded.source as string), `${url} is fixed`);
    t.equal(loaded.format, 'module', 'the rest of what tsx answered is kept');
  }
  for (const url of ['file:///x/a.js', 'file:///x/a.mjs', 'node:fs', 'data:text/javascript,a.ts']) {
    t.equal((await load(url, {}, next(broken))).source, broken, `${url} is left alone`);
  }
  t.equal((await load('file:///x/a.ts', {}, next(null))).source, null, 'a module without source (a builtin) is left alone');
  const bytes = await load('file:///x/a.ts', {}, async () => ({ format: 'module', source: Buffer.from(broken) }));
  t.notOk('sourcesContent' in mapOf(bytes.source as string), 'source given as bytes is read as text');
});
