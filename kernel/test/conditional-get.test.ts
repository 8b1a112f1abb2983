import t from 'tap';
import { ifNoneMatch } from '../src/index.js';

/** If-None-Match (RFC 9110 §13.1.2), weak comparison (kernel/src/http/conditional-get.ts). */
t.test('If-None-Match table', async (t) => {
  const rows: [header: string | undefined, etag: string, matches: boolean][] = [
    [undefined, '"a"', false],
    ['', '"a"', false],
    ['*', '"a"', true],
    [' * ', '"a"', true],
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"a"', 'W/"a"', true],
    ['"b", W/"a"', '"a"', true],
    ['"b"', '"a"', false],
    ['"aW/b"', '"ab"', false],
    ['"ab"', '"aW/b"', false],
    ['"aW/b"', '"aW/b"', true],
    ['w/"a"', '"a"', false],
    ['"a", *', '"b"', false],
  ];
  for (const [header, etag, matches] of rows) t.equal(ifNoneMatch(header, etag), matches, `${JSON.stringify(header)} vs ${etag}`);
});
