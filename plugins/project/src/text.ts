/** The longest text a digest or settled item carries; longer text ends with `…` (the full text is one GET away). */
const TEXT_LIMIT = 300;

export function clip(text: string | null, limit = TEXT_LIMIT): string | null {
  if (text === null) return null;
  const chars = Array.from(text);
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join('')}…`;
}
