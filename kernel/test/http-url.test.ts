import t from 'tap';
import { isHttpUrl } from '../src/index.js';

t.test('isHttpUrl: followable web addresses only', async (t) => {
  for (const good of ['https://www.freecen.org.uk/search_records/1851', 'http://example.org', 'HTTPS://Example.org/a?b=c']) t.ok(isHttpUrl(good), good);
  for (const bad of ['ftp://example.org', 'https:///nohost', 'javascript:alert(1)', 'www.example.org', 'https://exa mple.org', '']) t.notOk(isHttpUrl(bad), bad);
});
