/**
 * Text for the export: rich text (plain runs and italic runs, as citation notes have them) and
 * the escaping that keeps a user's words from breaking a Markdown or HTML document.
 */
export interface Run {
  text: string;
  italic: boolean;
}
export type Rich = Run[];

export const plain = (text: string): Rich => [{ text, italic: false }];

/**
 * The sources plugin's Markdown rendering of a citation (italics as `*...*`, element values
 * with `\`-escaped `\ * _ [ ]`) as runs, so each output format escapes and styles it its own way.
 */
export function fromMarkdown(markdown: string): Rich {
  const runs: Rich = [];
  let italic = false;
  let text = '';
  const flush = () => {
    if (text) runs.push({ text, italic });
    text = '';
  };
  for (let i = 0; i < markdown.length; i++) {
    const char = markdown[i];
    if (char === '\\' && i + 1 < markdown.length) text += markdown[++i];
    else if (char === '*') {
      flush();
      italic = !italic;
    } else text += char;
  }
  flush();
  return runs;
}

export const plainText = (rich: Rich): string => rich.map((run) => run.text).join('');

/** A footnote or list entry reads as a sentence: a closing period unless it ends with one (or `!`, `?`, before closing quotes). */
export const sentence = (text: string): string => (/[.!?]["'”’)\]]*$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

// ---------------------------------------------------------------- Markdown

/** Characters with a meaning inside a Markdown line: escaped wherever they are. `&` only where it would start an entity. */
const escapeMarkdownChars = (text: string) => text.replace(/[\\`*_[\]<>#~|]/g, '\\$&').replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');

/**
 * What would make a line start a list item (`- `, `+ `, `1. `, `1) `) or underline the line
 * above into a heading (`===`, `---`), escaped. (`#`, `>`, `*` are escaped everywhere.)
 */
const escapeLineStart = (line: string) => line.replace(/^([-+=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');

/** One line of user text inside a heading, list item or footnote: whitespace (newlines too) collapsed, every marker escaped. */
export function markdownInline(text: string): string {
  return escapeLineStart(escapeMarkdownChars(text.replace(/\s+/g, ' ').trim()));
}

/** Rich text as one Markdown line: runs escaped, italic runs between `*`. */
export function markdownRich(rich: Rich): string {
  const line = rich
    .map((run) => {
      const text = escapeMarkdownChars(run.text.replace(/\s+/g, ' '));
      return run.italic && text.trim() ? `*${text}*` : text;
    })
    .join('')
    .trim();
  return escapeLineStart(line);
}

/**
 * User text of many lines (the argument, the conclusion) as Markdown paragraphs: line breaks
 * and blank lines kept, each line's indentation dropped (it would make a code block) and its
 * markers escaped, so the text reads as written and cannot add headings, footnotes or HTML.
 */
export function markdownBlock(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => escapeLineStart(escapeMarkdownChars(line.trim())))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------- HTML

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (or an attribute value) for HTML: the five significant characters escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

export const htmlRich = (rich: Rich): string => rich.map((run) => (run.italic ? `<em>${escapeHtml(run.text)}</em>` : escapeHtml(run.text))).join('');

/** User text of many lines as HTML paragraphs: a blank line starts a paragraph, a line break is kept as `<br>`. */
export function htmlBlock(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br>\n')}</p>`)
    .join('\n');
}
