import t from 'tap';
import { homedir, hostname } from 'node:os';
import { appendLog, diagnosticsServer } from './fixtures/helpers.js';

const human = { kind: 'human' as const, credentialId: null };

/** Every name word of the trees below, as a reader would search the bundle for them. */
const NAME_WORDS = ['Ann', 'Shaw', 'Bartholomew', 'Brien', 'María', 'José', 'García', 'Bobby', 'MAO', 'Zedong', 'Eleanor', 'Whitcombe', 'Wojciechowski', 'Søren', 'Kierkegaard'];
/** The same names as a log may hold them: without accents, in capitals, special letters spelt out. */
const FOLDED_FORMS = ['Maria', 'JOSE', 'Garcia', 'Soren'];

t.test('the bundle: a tree full of names and a log with tokens and paths, everything personal redacted', async (t) => {
  const s = await diagnosticsServer(t, {
    env: {
      ROOTLINE_FEEDBACK_URL: 'https://feedback.example.org/api/submit?key=abc123',
      ROOTLINE_TELEMETRY_URL: 'https://telemetry.example.org',
      ROOTLINE_SERVICE_TOKEN: 'very-secret-value',
      ROOTLINE_LOG_LEVEL: 'info',
      ROOTLINE_BACKUP_DIR: '/media/ann/usb-drive/rootline',
      ROOTLINE_ODD_URL: 'http://[broken',
    },
  });
  const kernel = s.server.kernel;
  const first = kernel.servicesFor(kernel.trees.active(), human).personasService;
  first.create(human, { given: 'Ann', surname: 'Shaw' });
  first.create(human, { given: 'Bartholomew', surname: "O'Brien", nickname: 'Bobby' });
  first.create(human, { name: 'María José García' });
  const secondId = (await s.request('POST', '/v1/trees', { body: { name: 'Whitcombe family' } })).json().tree_id;
  const second = kernel.servicesFor(kernel.trees.get(secondId)!, human).personasService;
  second.create(human, { name: 'MAO Zedong' });
  second.create(human, { given: 'Eleanor', surname: 'Whitcombe' });
  second.create(human, { given: 'Wojciechowski' });
  // A name with a letter NFKD keeps whole, and one in a script written without spaces.
  second.create(human, { given: 'Søren', surname: 'Kierkegaard' });
  second.create(human, { given: '泽东', surname: '毛' });
  const thirdId = (await s.request('POST', '/v1/trees', { body: { name: '毛氏家族' } })).json().tree_id;
  await appendLog(s, [
    { level: 50, time: Date.now(), msg: 'request failed', path: '/v1/persons/0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', status: 500 },
    { level: 30, time: Date.now(), msg: `opened ${s.dataDir}/trees/${secondId}/tree.db` },
    { level: 40, time: Date.now(), msg: `import of /home/ann/Documents/shaw-family.ged by ann.shaw@example.org`, authorization: `Bearer ${s.humanToken}` },
    `agent said: ${s.agentToken} and token=abc.def.ghi`,
    'C:\\Users\\ann\\AppData\\Local\\Rootline\\trees and "C:\\\\Users\\\\ann\\\\file.ged" and \\\\nas\\family\\scans and ~/rootline/notes.txt',
    `{"password":"hunter2","api_key":"k-1","cookie":"sid=1"} Basic dXNlcjpwYXNz eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2lnbmF0dXJl`,
    'Matched SHAW and GARCÍA and Zedong\'s record; whitcombe, o\'brien, Bobby; merge of Ann into bartholomew',
    `home: ${homedir()}/projects, data: ${s.dataDir}, route /v1 and /v1/trees stay, 1/2 and and/or stay`,
    'Maria, JOSE Garcia; Soren KIERKEGAARD and SOEREN',
    '毛泽东的记录 and 毛氏',
    'copied C:\\Users\\Ann Shaw\\My Documents\\tree.ged and /Users/ann/Library/Application Support/Rootline/x.db then',
  ]);
  const reply = await s.request('GET', '/v1/diagnostics/bundle');
  t.equal(reply.statusCode, 200);
  t.equal(reply.headers['content-type'], 'text/plain; charset=utf-8');
  t.equal(reply.headers['content-disposition'], 'attachment; filename="rootline-diagnostics.txt"');
  const bundle = reply.body;
  t.match(bundle, /\n\n== Plugins ==\n[^\n]+\n[\s\S]*\n\n== Trees ==\nRegistry database: \d+ bytes\n/, 'each section after a blank line, under its heading');
  const lower = bundle.toLowerCase();
  for (const word of [...NAME_WORDS, ...FOLDED_FORMS]) t.notOk(new RegExp(`(?<![\\p{L}])${word.toLowerCase()}(?![\\p{L}])`, 'u').test(lower), `no "${word}" in any case`);
  for (const word of ['毛', '泽东']) t.notOk(bundle.includes(word), `no ${word} anywhere`);
  t.match(bundle, /\n\[name\], \[name\] \[name\]; \[name\] \[name\] and SOEREN\n/, 'names without their accents go too (a spelt-out ø is another word)');
  t.match(bundle, /\n\[name\]\[name\]的记录 and \[name\]氏\n/, 'surname and given name inside a run of Chinese');
  t.match(bundle, new RegExp(`Tree ${thirdId} "\\[name\\]氏家族": database`), 'a name inside a run of Chinese');
  t.match(bundle, /\ncopied \[path\] and \[path\] then\n/, 'paths with spaces in their folders');
  for (const secret of [s.humanToken, s.agentToken, 'abc.def.ghi', 'hunter2', 'k-1', 'sid=1', 'dXNlcjpwYXNz', 'eyJhbGciOiJIUzI1NiJ9', 'very-secret-value', 'abc123', '/api/submit']) t.notOk(bundle.includes(secret), `no ${secret.slice(0, 12)}…`);
  for (const path of [s.dataDir, homedir(), '/home/ann', 'shaw-family.ged', 'Users', 'AppData', '\\nas', 'notes.txt', 'usb-drive', 'tree.db']) t.notOk(bundle.includes(path), `no ${path}`);
  t.notOk(bundle.includes('ann.shaw'), 'no e-mail address');
  t.match(bundle, /\[email\]/);
  t.match(bundle, /"authorization":"\[token\]"/);
  t.match(bundle, /agent said: \[token\] and token="\[token\]"/);
  t.match(bundle, /"password":"\[token\]","api_key":"\[token\]","cookie":"\[token\]"\} Basic \[token\] \[token\]/);
  t.match(bundle, /\n\[path\] and "\[path\]" and \[path\] and \[path\]\n/);
  t.match(bundle, /Matched \[name\] and \[name\] and \[name\]'s record; \[name\], o'\[name\], \[name\]; merge of \[name\] into \[name\]/, 'names in any case, whole words');
  t.match(bundle, /home: \[path\], data: \[path\], route \/v1 and \/v1\/trees stay, 1\/2 and and\/or stay/);
  t.match(bundle, /"path":"\/v1\/persons\/0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"/, 'API routes are not files');
  t.match(bundle, /opened \[path\]/);
  t.match(bundle, new RegExp(`Tree ${secondId} "\\[name\\] family": database \\d+ bytes, 5 records`), 'a tree name keeps what is not a name');
  t.match(bundle, /Tree [0-9a-f-]{36} "My tree" \(active\)/);
  t.match(bundle, /@rootline\/plugin-personas \d+\.\d+\.\d+ \(tree\)/);
  t.match(bundle, /@rootline\/plugin-diagnostics \d+\.\d+\.\d+ \(global\)/);
  t.match(bundle, / {2}persona\.created\.v1: 3/);
  t.match(bundle, /Errors: 1; warnings: 1; last error: \d{4}-\d\d-\d\dT/);
  t.match(bundle, new RegExp(`Node\\.js: ${process.version.replace(/\./g, '\\.')}`));
  t.match(bundle, /ROOTLINE_FEEDBACK_URL=https:\/\/feedback\.example\.org\/… \(path and query left out\)/);
  t.match(bundle, /ROOTLINE_TELEMETRY_URL=https:\/\/telemetry\.example\.org\n/);
  t.match(bundle, /ROOTLINE_SERVICE_TOKEN="\[token\]"/);
  t.match(bundle, /ROOTLINE_LOG_LEVEL=info/);
  t.match(bundle, /ROOTLINE_BACKUP_DIR=\[path\]/);
  t.match(bundle, /ROOTLINE_ODD_URL=\[unreadable URL\]/);
  t.match(bundle, /Log: The file rootline\.log in the "logs" folder of Rootline's data folder/);
  t.match(bundle, /== Recent log \(last \d+ lines\) ==/);
  t.match(bundle, /"hostname":"\[host\]"/, 'the machine\'s name is not given');
  t.notOk(bundle.includes(`"${hostname()}"`));
});

t.test('names that are also ordinary words go wherever the words are; the markers stay whole', async (t) => {
  const s = await diagnosticsServer(t, { env: { ROOTLINE_FEEDBACK_URL: 'https://feedback.example.org/api' } });
  const kernel = s.server.kernel;
  const personas = kernel.servicesFor(kernel.trees.active(), human).personasService;
  personas.create(human, { given: 'Will', surname: 'Path' });
  personas.create(human, { given: 'May', surname: 'Young' });
  personas.create(human, { given: 'Token', surname: 'Tree' });
  await appendLog(s, [
    { level: 40, time: Date.now(), msg: 'it will retry and MAY fail; young', path: '/home/ann/x', token: 'abc' },
  ]);
  const bundle = (await s.request('GET', '/v1/diagnostics/bundle')).body;
  t.match(bundle, /"msg":"it \[name\] retry and \[name\] fail; \[name\]","\[name\]":"\[path\]","\[name\]":"\[token\]"/);
  t.match(bundle, /Removed from this text: tokens \(\[token\]\), file paths \(\[path\]\), e-mail addresses \(\[email\]\)/, 'the markers are not names');
  t.match(bundle, /\n\[name\] [0-9a-f-]{36} "My \[name\]" \(active\)/, 'nor is a word of the bundle\'s own text spared');
  t.match(bundle, /ROOTLINE_FEEDBACK_URL=https:\/\/feedback\.example\.org\/… \(\[name\] and query left out\)/);
  for (const word of ['will', 'may', 'young', 'path', 'token', 'tree']) {
    t.notOk(new RegExp(`(?<![\\p{L}\\[])${word}(?![\\p{L}\\]])`, 'iu').test(bundle), `no "${word}" outside a marker`);
  }
});

t.test('the bundle keeps the last log lines only (log_lines), and says when nothing is configured', async (t) => {
  const s = await diagnosticsServer(t, { options: { log_lines: 2 }, env: Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith('ROOTLINE_')).map((name) => [name, undefined])) });
  await appendLog(s, ['line one', 'line two', '', 'line three']);
  const bundle = (await s.request('GET', '/v1/diagnostics/bundle')).body;
  t.match(bundle, /== Recent log \(last 2 lines\) ==\nline two\nline three\n$/);
  t.match(bundle, /\(no ROOTLINE_\* variables set: defaults\)/);
  t.match(bundle, /last error: never/);
  t.match(bundle, /Removed from this text: tokens \(\[token\]\), file paths \(\[path\]\), e-mail addresses \(\[email\]\) and every word of every person and persona name of every tree \(\[name\]\)\./);
});
