/**
 * Whether an Accept header asks for the SVG chart rather than JSON: `image/svg+xml` is listed
 * with a quality above zero and at least that of `application/json` (when JSON is listed too).
 * No header, `*\/*` or JSON alone: JSON, the API's default.
 */
export function prefersSvg(accept: string | undefined): boolean {
  if (!accept) return false;
  const quality = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    quality.set(type.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const svg = quality.get('image/svg+xml') ?? 0;
  return svg > 0 && svg >= (quality.get('application/json') ?? 0);
}
