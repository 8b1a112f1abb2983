import t from 'tap';
import { nameKey, nameWordsAmong, probeOf, redactMachine, redactNames, redactSecrets } from '../src/redact.js';
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
    // Folders with spaces: the path goes on while the next piece reaches another separator.
    ['C:\\Users\\Ann Shaw\\Documents\\tree.ged x', '[path] x'],
    ['"C:\\\\Users\\\\Ann Shaw\\\\family tree.ged"', '"[path] tree.ged"'],
    ['E:/Family Photos/1901/scan.png, next', '[path], next'],
    ['\\\\nas\\family scans\\box 1\\x', '[path]'],
    ['~/My Documents/x y', '[path] y'],
    ['at /Users/ann/Library/Application Support/Rootline/trees and more', 'at [path] and more'],
    ['/srv/x y/', '[path]'],
    ['/srv/x  y/z', '[path]  y/z'],
    ['see /v1/persons and/or', 'see /v1/persons and/or'],
    ['Bearer  two-spaces', 'Bearer [token]'],
    ['\\\\nas\\a and \\\\nas\\b', '[path] and [path]'],
    ['~/a and ~/b', '[path] and [path]'],
    ['C:\\a and D:\\b', '[path] and [path]'],
    ['/a and /b', '[path] and [path]'],
    ['/home/v1/x and /srv/v1', '[path] and [path]'],
    // A security review found these kept: a file URL, and a path after a colon.
    ['Smith (from file:///home/alice/Genealogy/smith.ged)', 'Smith (from [path])'],
    ['at f (file:///opt/rootline/dist/rootline.bundle.mjs:12:5)', 'at f ([path])'],
    ['Jones, source:/home/alice/Genealogy/jones.ged', 'Jones, source:[path]'],
    ['see https://www.familysearch.org/ark:/61903/1:1:XYZ', 'see https://www.familysearch.org/ark:[path]'],
    ['http://127.0.0.1:4173/v1/trees and ftp://archive.org/x', 'http://127.0.0.1:4173/v1/trees and ftp://archive.org/x'],
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
  t.equal(redactSecrets('x/srv/d/a and y/srv/d/b', ['/srv/d']), 'x[path] and y[path]', 'every time it appears');
});

t.test('redactNames: whole words of the names, in any case and with or without accents; short and unknown words stay', async (t) => {
  const names = nameWordsAmong(['Ann Shaw', "O'Brien", 'María-José', '', 'van der Berg'], probeOf("ANN met shaw, o'brien, MARIA and josé van der Berg; Annabel Shawl O X"));
  t.same([...names].sort(), ['ann', 'berg', 'brien', 'der', 'jose', 'maria', 'shaw', 'van']);
  t.equal(redactNames("ANN met shaw, o'brien, MARÍA and jose; Annabel Shawl O", names), "[name] met [name], o'[name], [name] and [name]; Annabel Shawl O");
  t.equal(redactNames('Ann', new Set()), 'Ann');
  t.same([...probeOf('A bc  d1 ÉÉ x').words].sort(), ['bc', 'd1', 'ee'], 'words of two or more characters, folded');
  t.same([...nameWordsAmong(['Ann'], probeOf('ann'), new Set(['kept']))].sort(), ['ann', 'kept'], 'adds to what it is given');
  t.same([...nameWordsAmong(['Ann O Lee'], probeOf('O lee'))], ['lee'], 'a one-letter name piece is never looked for');
  t.equal(redactNames('Jose, JOSÉ and José', new Set(['jose'])), '[name], [name] and [name]', 'accents do not count, composed or not');
});

t.test('nameKey: case, accents, compatibility forms and the letters NFKD keeps whole are folded', async (t) => {
  const keys: [string, string][] = [
    ['García', 'garcia'], ['GARCIA', 'garcia'], ['Jose\u0301', 'jose'], ['ＳＨＡＷ', 'shaw'], ['İlkay', 'ilkay'],
    ['Søren', 'soren'], ['Straße', 'strasse'], ['STRAẞE', 'strasse'], ['Ærø', 'aero'], ['Œuvray', 'oeuvray'], ['Łukasz', 'lukasz'],
    ['Đorđe', 'dorde'], ['Guðrún', 'gudrun'], ['Þórr', 'thorr'], ['Kırmızı', 'kirmizi'],
    ['毛泽东', '毛泽东'], ['สมชาย', 'สมชาย'],
  ];
  for (const [word, key] of keys) t.equal(nameKey(word), key, word);
  t.equal(nameKey('สมศักดิ์'), 'สมศักดิ์', 'an unspaced script keeps its marks');
  t.equal(redactNames('SOREN KIERKEGAARD, Soren, søren; Lukasz', nameWordsAmong(['Søren Kierkegaard', 'Łukasz'], probeOf('SOREN KIERKEGAARD Lukasz'))), '[name] [name], [name], [name]; [name]');
});

t.test('redactNames: names of scripts written without spaces are found inside longer runs, longest first', async (t) => {
  const probe = probeOf('毛氏家族 and 山田太郎さん; 李 not here; Ann');
  const names = nameWordsAmong(['毛泽东', '毛', '山田 太郎', '王', 'Ann'], probe);
  t.same([...names].sort(), ['ann', '太郎', '山田', '毛'], 'a single character counts; a name not in the text does not');
  t.equal(redactNames('毛氏家族 and 山田太郎さん; Ann', names), '[name]氏家族 and [name][name]さん; [name]');
  t.equal(redactNames('毛泽东的记录, 毛氏', new Set(['毛', '毛泽东'])), '[name]的记录, [name]氏', 'the longer name is taken whole');
  t.equal(redactNames('毛泽东的记录', new Set(['毛泽东', '毛'])), '[name]的记录', 'whatever the order of the set');
  t.equal(redactNames('毛泽东 Shaw', new Set(['shaw'])), '毛泽东 [name]', 'no unspaced names: runs stay');
});

t.test('redactNames: the markers of the earlier steps stay whole when a person shares their word', async (t) => {
  const markers = ['token', 'email', 'path', 'host', 'user', 'name'];
  t.equal(redactNames('[path] [token] [email] [host] [user] [name] Path, TOKEN, name', new Set(markers)), '[path] [token] [email] [host] [user] [name] [name], [name], [name]');
  t.equal(redactNames('[paths] [Path]', new Set(['path', 'paths'])), '[[name]] [[name]]', 'only the markers themselves');
});

t.test('redactMachine: the machine\'s and the user\'s names, as whole words', async (t) => {
  const machine = { hostname: 'anns-laptop.local', username: 'ann' };
  t.equal(redactMachine('{"pid":1,"hostname":"anns-laptop.local","msg":"x"}', machine), '{"pid":1,"hostname":"[host]","msg":"x"}');
  t.equal(redactMachine('{"hostname" : "other\\"q"}', machine), '{"hostname" : "[host]"}', 'whatever the name');
  t.equal(redactMachine('on ANNS-LAPTOP.local as Ann; anna, ann_x, ann-y, joann, ann2 stay', machine), 'on [host] as [user]; anna, ann_x, ann-y, joann, ann2 stay');
  t.equal(redactMachine('anns-laptopxlocal', machine), 'anns-laptopxlocal', 'a dot is a dot');
  t.equal(redactMachine('a x', { hostname: 'a', username: 'x' }), 'a x', 'one-letter names are left alone');
  t.equal(redactMachine('al was here', { hostname: 'h', username: 'al' }), '[user] was here', 'two letters are a name');
  t.equal(redactMachine('{"hostname":"other-box"} {"hostname"  :  "x"}', machine), '{"hostname":"[host]"} {"hostname"  :  "[host]"}', 'pino\'s field, whatever the spacing');
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
