import { lifeYears, parseGedcomDate } from '@rootline/gedcom-date';
import type { Pedigree, PedigreeSlot } from './schemas.js';

const BOX_WIDTH = 220;
const BOX_HEIGHT = 46;
const COLUMN_GAP = 36;
const ROW_GAP = 10;
const MARGIN = 16;
const NAME_LENGTH = 30;

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/U+FFFF): dropped, not escaped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text and attribute values: the five XML entities, after dropping what XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const generationOf = (ahnentafel: number) => 31 - Math.clz32(ahnentafel);

function years(slot: PedigreeSlot): string {
  const date = (summary: PedigreeSlot['birth']) => (summary?.date ? parseGedcomDate(summary.date) : undefined);
  return lifeYears(date(slot.birth), date(slot.death));
}

function shorten(name: string): string {
  const chars = [...name];
  return chars.length <= NAME_LENGTH ? name : `${chars.slice(0, NAME_LENGTH - 1).join('')}\u2026`;
}

/**
 * The pedigree as a standalone SVG chart: one column per generation (the person on the left),
 * a box per slot with the name and life years, elbow lines from each child to its parents.
 * Compact: a box sits midway between its parents, and only filled slots take rows, so a sparse
 * ten-generation chart stays small. Collapsed slots are dashed and name their first slot.
 * Every piece of text is escaped; the full name is in each box's `<title>` (tooltips).
 */
export function renderPedigreeSvg(pedigree: Pedigree): string {
  const slots = new Map(pedigree.slots.map((slot) => [slot.ahnentafel, slot]));
  const centre = new Map<number, number>();
  let rows = 0;
  const place = (n: number): number => {
    const parents = [2 * n, 2 * n + 1].filter((p) => slots.has(p)).map(place);
    const y = parents.length === 0 ? MARGIN + rows++ * (BOX_HEIGHT + ROW_GAP) + BOX_HEIGHT / 2 : (parents[0] + parents[parents.length - 1]) / 2;
    centre.set(n, y);
    return y;
  };
  place(1);
  const columns = Math.max(...pedigree.slots.map((slot) => generationOf(slot.ahnentafel))) + 1;
  const width = 2 * MARGIN + columns * BOX_WIDTH + (columns - 1) * COLUMN_GAP;
  const height = 2 * MARGIN + rows * (BOX_HEIGHT + ROW_GAP) - ROW_GAP;
  const left = (n: number) => MARGIN + generationOf(n) * (BOX_WIDTH + COLUMN_GAP);

  const lines: string[] = [];
  const boxes: string[] = [];
  for (const slot of pedigree.slots) {
    const n = slot.ahnentafel;
    const x = left(n);
    const y = centre.get(n) as number;
    if (n > 1) {
      const child = n >> 1;
      const start = left(child) + BOX_WIDTH;
      lines.push(`<path d="M${start} ${centre.get(child)}H${start + COLUMN_GAP / 2}V${y}H${x}"/>`);
    }
    const lifespan = years(slot);
    const note = slot.collapsed ? `same as ${slot.same_as}` : '';
    const second = [lifespan, note].filter(Boolean).join(' \u00b7 ');
    const top = y - BOX_HEIGHT / 2;
    boxes.push(
      `<g data-ahnentafel="${n}"${slot.collapsed ? ' data-collapsed="true"' : ''}>` +
        `<title>${escapeXml(`${n}. ${slot.display_name}${lifespan ? ` (${lifespan})` : ''}`)}</title>` +
        `<rect x="${x}" y="${top}" width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="5" fill="${n === 1 ? '#eef4fb' : '#ffffff'}" stroke="#4a5568"${slot.collapsed ? ' stroke-dasharray="5 3"' : ''}/>` +
        `<text x="${x + 10}" y="${top + 19}" font-size="13" font-weight="600" fill="#1a202c">${escapeXml(shorten(slot.display_name))}</text>` +
        (second ? `<text x="${x + 10}" y="${top + 36}" font-size="11" fill="#4a5568">${escapeXml(second)}</text>` : '') +
        '</g>',
    );
  }
  const root = pedigree.slots[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="pedigree-title" font-family="system-ui, sans-serif">`,
    `<title id="pedigree-title">${escapeXml(`Pedigree of ${root.display_name}, ${pedigree.generations} generations`)}</title>`,
    `<g fill="none" stroke="#a0aec0" stroke-width="1.5">${lines.join('')}</g>`,
    ...boxes,
    '</svg>',
    '',
  ].join('\n');
}
