import t from 'tap';
import { nameWordsAmong, redactMachine, redactNames, redactSecrets, wordsOf } from '../src/redact.js';
import { lastLines, summarizeLog } from '../src/log.js';

t.test('redactSecrets: tokens, e-mail addresses and paths, each to its marker; routes and ordinary text stay', async (t) => {
  const cases: [string, string][] = [
    ['rlh_abcdefgh12345678', '[token]'],
    ['x rla_AbC-_9876543210 y', 'x [token] y'],
    ['rlh_short', 'rlh_short'],
    ['Bearer abc.DEF-123/+=', 'Bearer [token]'],
    ['bearer xyz', 'bearer [token]'],
    ['Basic dXNlcjpwYXNz==', 'Basic [token]'],
    ['eyJhbGci.eyJzdWIi.c2ln', '[token]'],
    ['token=abc&next=1', 'token="[token]"&next=1'],
    ['access_token: "a b c"', 'access_token: "[token]"'],
    ['"Password" : "x\\"y"', '"Password" : "[token]"'],
    ['api-key=k1; other', 'api-key="[token]"; other'],
    ['apikey=k1', 'apikey="[token]"'],
    ['client_secret=s, next', 'client_secret="[token]", next'],
    ['set-cookie: sid=1', 'set-cookie: "[token]"'],
    ['credentials=c}', 'credentials="[token]"}'],
    ['passwd=p', 'passwd="[token]"'],
    ['the tokens were fine', 'the tokens were fine'],
    ['ann.shaw+tree@mail.example.co.uk wrote', '[email] wrote'],
    ['a@b.c', 'a@b.c'],
    ['user@host', 'user@host'],
    ['/home/ann/x.ged', '[path]'],
    ['at /var/lib/rootline, then', 'at [path], then'],
    ['"/Users/ann/Library"', '"[path]"'],
    ['(/tmp/x)', '([path])'],
    ['[/srv/x]', '[[path]]'],
    ['file=/opt/r', 'file=[path]'],
    ['a,/etc/hosts', 'a,[path]'],
    ["'/root/q'", "'[path]'"],
    ['route /v1/persons/1 stays', 'route /v1/persons/1 stays'],
    ['/v1', '/v1'],
    ['/v12/x', '[path]'],
    ['http://host.example/v1/x and https://h/p', 'http://host.example/v1/x and https://h/p'],
    ['1/2 and/or a / b', '1/2 and/or a / b'],
    ['C:\\Users\\ann\\tree.db x', '[path] x'],
    ['D:/data/r', '[path]'],
    ['"C:\\\\Users\\\\ann"', '"[path]"'],
    ['\\\\nas\\family\\x', '[path]'],
    ['~/rootline/x and ~\\r', '[path] and [path]'],
  ];
  for (const [input, output] of cases) t.equal(redactSecrets(input), output, input);
});

t.test('redactSecrets: the machine\'s own folders, and anything inside them, wherever they appear', async (t) => {
  t.equal(redactSecrets('data at x/srv/rootline-data/trees/1/tree.db!', ['/srv/rootline-data']), 'data at x[path]');
  t.equal(redactSecrets('/srv/rootline-data2/a', ['/srv/rootline-data']), '[path]', 'a longer name that starts the same is still a path');
  t.equal(redactSecrets('x/srv/rootline-data2 y', ['/srv/rootline-data']), 'x/srv/rootline-data2 y', 'but not the known folder');
  t.equal(redactSecrets('in x/a.b+c(d)/e end', ['/a.b+c(d)']), 'in x[path] end', 'special characters are literal');
  t.equal(redactSecrets('/ and x/y', ['/']), '/ and x/y', 'a one-character folder is never replaced');
  t.equal(redactSecrets('y/home/ann/data/z', ['/home/ann', '/home/ann/data']), 'y[path]', 'the longest first');
});

t.test('redactNames: whole words of the names, in any case; short and unknown words stay', async (t) => {
  const names = nameWordsAmong(['Ann Shaw', "O'Brien", 'María-José', '', 'van der Berg'], wordsOf("ANN met shaw, o'brien, MARÍA and josé van der Berg; Annabel Shawl O X"));
  t.same([...names].sort(), ['ann', 'berg', 'brien', 'der', 'josé', 'maría', 'shaw', 'van']);
  t.equal(redactNames("ANN met shaw, o'brien, MARÍA and josé; Annabel Shawl O", names), "[name] met [name], o'[name], [name] and [name]; Annabel Shawl O");
  t.equal(redactNames('Ann', new Set()), 'Ann');
  t.same([...wordsOf('A bc  d1 ÉÉ x')].sort(), ['bc', 'd1', 'éé'], 'words of two or more characters, folded');
  t.same([...nameWordsAmong(['Ann'], new Set(['ann']), new Set(['kept']))].sort(), ['ann', 'kept'], 'adds to what it is given');
  t.equal(redactNames('Jose and José', new Set(['josé'])), 'Jose and [name]', 'accents count');
  t.equal(redactNames('José', new Set(['josé'])), '[name]', 'composed or not');
});

t.test('redactMachine: the machine\'s and the user\'s names, as whole words', async (t) => {
  const machine = { hostname: 'anns-laptop.local', username: 'ann' };
  t.equal(redactMachine('{"pid":1,"hostname":"anns-laptop.local","msg":"x"}', machine), '{"pid":1,"hostname":"[host]","msg":"x"}');
  t.equal(redactMachine('{"hostname" : "other\\"q"}', machine), '{"hostname" : "[host]"}', 'whatever the name');
  t.equal(redactMachine('on ANNS-LAPTOP.local as Ann; anna, ann_x, ann-y, joann, ann2 stay', machine), 'on [host] as [user]; anna, ann_x, ann-y, joann, ann2 stay');
  t.equal(redactMachine('anns-laptopxlocal', machine), 'anns-laptopxlocal', 'a dot is a dot');
  t.equal(redactMachine('a x', { hostname: 'a', username: 'x' }), 'a x', 'one-letter names are left alone');
});

t.test('summarizeLog and lastLines', async (t) => {
  const now = 1_000_000_000;
  const log = [
    JSON.stringify({ level: 50, time: now }),
    JSON.stringify({ level: 50, time: now - 10 }),
    JSON.stringify({ level: 40, time: now - 3_600_000 }),
    JSON.stringify({ level: 40, time: now - 3_600_001 }),
    JSON.stringify({ level: 60, time: now - 3_600_001 }),
    JSON.stringify({ level: 39, time: now }),
    JSON.stringify({ level: 49, time: now }),
    JSON.stringify({ level: 50, time: String(now) }),
    ' {"level":50}',
  ].join('\n');
  t.same(summarizeLog(log, now, 1), { window_hours: 1, errors: 2, warnings: 1, last_error_at_ms: now });
  t.same(summarizeLog(`${JSON.stringify({ level: 50, time: now - 5 })}\n${JSON.stringify({ level: 50, time: now - 9 })}`, now, 1).last_error_at_ms, now - 5, 'the latest, whatever the order');
  t.same(lastLines('a\n\n b\n  \nc\n', 2), [' b', 'c']);
  t.same(lastLines('a\nb', 0), []);
});
