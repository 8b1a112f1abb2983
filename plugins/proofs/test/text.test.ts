import t from 'tap';
import { escapeHtml, fromMarkdown, htmlBlock, htmlRich, markdownBlock, markdownInline, markdownRich, plain, plainText, sentence } from '../src/export/text.js';
import { prefersHtml } from '../src/accept.js';

t.test('a citation\'s Markdown rendering becomes runs: italics between *, escapes undone', async (t) => {
  t.same(fromMarkdown('Jacobus, *Families of Old Fairfield*, 212.'), [
    { text: 'Jacobus, ', italic: false },
    { text: 'Families of Old Fairfield', italic: true },
    { text: ', 212.', italic: false },
  ]);
  t.same(fromMarkdown('*A*'), [{ text: 'A', italic: true }], 'no empty runs');
  t.same(fromMarkdown('a \\* b \\\\ c \\_d\\[e\\]'), [{ text: 'a * b \\ c _d[e]', italic: false }]);
  t.same(fromMarkdown('*x \\* y*z'), [{ text: 'x * y', italic: true }, { text: 'z', italic: false }]);
  t.same(fromMarkdown('ends in \\'), [{ text: 'ends in \\', italic: false }], 'a lone backslash at the end is kept');
  t.same(fromMarkdown(''), []);
  t.equal(plainText(fromMarkdown('Jacobus, *Families*, 212.')), 'Jacobus, Families, 212.');
  t.same(plain('x'), [{ text: 'x', italic: false }]);
});

t.test('a note reads as a sentence', async (t) => {
  const rows: [string, string][] = [
    ['Old Fairfield', 'Old Fairfield.'],
    ['  Old Fairfield  ', 'Old Fairfield.'],
    ['  Done.  ', 'Done.'],
    ['Done.', 'Done.'],
    ['Really?', 'Really?'],
    ['Stop!', 'Stop!'],
    ['"Quoted."', '"Quoted."'],
    ['“Quoted.”', '“Quoted.”'],
    ['(Aside.)', '(Aside.)'],
    ['p. 3', 'p. 3.'],
    ['a.b', 'a.b.'],
  ];
  for (const [text, expected] of rows) t.equal(sentence(text), expected, JSON.stringify(text));
});

t.test('Markdown: user text cannot add structure', async (t) => {
  const inline: [string, string][] = [
    ['plain words, commas; and (parens)', 'plain words, commas; and (parens)'],
    ['  two\n lines\t here  ', 'two lines here'],
    ['# heading', '\\# heading'],
    ['a [^1] b', 'a \\[^1\\] b'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['12. item', '12\\. item'],
    ['3) item', '3\\) item'],
    ['1851. A year', '1851\\. A year'],
    ['a - b + c 1. d', 'a - b + c 1. d'],
    ['*em* _em_ `code` ~~del~~ a|b', '\\*em\\* \\_em\\_ \\`code\\` \\~\\~del\\~\\~ a\\|b'],
    ['<script>', '\\<script\\>'],
    ['> quote', '\\> quote'],
    ['back\\slash', 'back\\\\slash'],
    ['A & B', 'A & B'],
    ['&amp; &#39; &x27; &copy;', '\\&amp; &\\#39; \\&x27; \\&copy;'],
    ['&x and & ;', '&x and & ;'],
  ];
  for (const [text, expected] of inline) t.equal(markdownInline(text), expected, `inline ${JSON.stringify(text)}`);
  t.equal(markdownBlock('  # one\r\n    - two\r+ three\n\n\n\n4. four\n  \n> five  '), '\\# one\n\\- two\n\\+ three\n\n4\\. four\n\n\\> five');
  t.equal(markdownBlock('\n\npara one\nstill one\n\npara [^2]\n\n'), 'para one\nstill one\n\npara \\[^2\\]');
  t.equal(markdownBlock('Plain paragraph\n===\nand\n---'), 'Plain paragraph\n\\===\nand\n\\---', 'a line cannot underline the one above into a heading (=== or ---)');
  t.equal(
    markdownRich([{ text: 'Jacobus, ', italic: false }, { text: 'Old *Fair*\nfield', italic: true }, { text: ' ', italic: true }, { text: ', 212.', italic: false }]),
    'Jacobus, *Old \\*Fair\\* field* , 212.',
    'italic runs between *, blank italic runs left bare, whitespace collapsed',
  );
  t.equal(markdownRich([{ text: '- x', italic: false }]), '\\- x', 'a note cannot start a list');
  t.equal(markdownRich([{ text: '  2. x ', italic: false }]), '2\\. x');
  t.equal(markdownRich([{ text: 'Title', italic: true }]), '*Title*');
  t.equal(markdownRich([{ text: 'a  b\t\tc', italic: false }]), 'a b c', 'runs of whitespace become one space');
});

t.test('HTML: user text is escaped, paragraphs and line breaks kept', async (t) => {
  t.equal(escapeHtml(`<a href="x">Tom's & Jerry's</a>`), '&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;');
  t.equal(escapeHtml('plain'), 'plain');
  t.equal(htmlRich([{ text: 'A & ', italic: false }, { text: '<B>', italic: true }]), 'A &amp; <em>&lt;B&gt;</em>');
  t.equal(htmlBlock('  one\r\n two \r\n\r\n \n three\n\n\n'), '<p>one<br>\ntwo</p>\n<p>three</p>');
  t.equal(htmlBlock('<script>alert(1)</script>'), '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  t.equal(htmlBlock('a\n  \t\nb'), '<p>a</p>\n<p>b</p>', 'a line of spaces separates paragraphs');
  t.equal(htmlBlock('a\rb'), '<p>a<br>\nb</p>', 'a lone carriage return is a line break');
  t.equal(htmlBlock('  \n\nx\n\n \t '), '<p>x</p>', 'no empty paragraph for leading or trailing blank lines');
});

t.test('Accept: HTML only when rated above Markdown', async (t) => {
  const rows: [string | undefined, boolean][] = [
    [undefined, false], ['', false], ['text/html', true], [' Text/HTML ; Q=1 ', true], ['text/markdown', false], ['*/*', false],
    ['text/html;q=0.4,text/markdown;q=0.3', true], ['text/html;q=0.3,text/markdown;q=0.3', false], ['text/html;level=1', true],
    ['text/markdown;q=0, */*', true], ['text/html;q=0.1, text/*;q=0.2', false], ['text/html;q=0.3, text/*;q=0.2', true], ['text/*;q=0.2, */*;q=0.9, text/html;q=0.1', false],
    ['text/html;q=NaN', false], ['text/html;q=Infinity', false], ['application/json;q=1, text/html;q=0.001', true],
  ];
  for (const [accept, html] of rows) t.equal(prefersHtml(accept), html, String(accept));
});
