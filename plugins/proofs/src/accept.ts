/**
 * Whether an Accept header prefers HTML to Markdown: each type takes the quality of the most
 * specific range that matches it (`text/html`, then `text/*`, then `*\/*`; none: 0). HTML only
 * when its quality is higher: no header, `*\/*`, `text/*` or a tie keep Markdown, the default.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { range, quality: Number.isFinite(quality) ? quality : 0 };
  });
  const qualityOf = (type: string) => {
    const match = ranges.find(({ range }) => range === type) ?? ranges.find(({ range }) => range === 'text/*') ?? ranges.find(({ range }) => range === '*/*');
    return match ? match.quality : 0;
  };
  return qualityOf('text/html') > qualityOf('text/markdown');
}
