/**
 * The media links of a tree and of a GEDCOM file, in words a genealogist compares: what each media
 * object (by file name) is attached to, and where a file points at each OBJE record.
 */
import { filePathOf, type GedcomNode } from '@rootline/gedcom';
import { fileNameOf, type ServiceCradle, type Tree } from '@rootline/kernel';
import { records } from './helpers.js';

/** `<file name> -> <what it is attached to>` for every attachment of the tree, sorted. */
export function attachmentsOf(tree: Tree, cradle: ServiceCradle): string[] {
  const rows = tree.prepare('SELECT media, target FROM media_attached').all() as { media: string; target: string }[];
  const given = (persona: string) => cradle.personasService.get(persona)?.name.given ?? '?';
  const spouses = new Map<string, string>();
  for (const edge of cradle.familyService.walk(null, 10_000)) {
    if (edge.kind === 'spouse') spouses.set(edge.id, edge.partners!.map((person) => cradle.personsService.get(person)?.display_name ?? '?').sort().join(' & '));
  }
  const described = (target: string): string => {
    const citation = cradle.citationsService.get(target);
    if (citation) return `citation of ${citation.source ? cradle.sourcesService.get(citation.source)?.title : 'no source'} ${citation.elements.page ?? '(no page)'}`;
    const source = cradle.sourcesService.get(target);
    if (source) return `source ${source.title}`;
    const claim = cradle.assertionsService.get(target);
    if (claim) return `${claim.kind} claim of ${given(claim.persona)}`;
    const event = cradle.eventsService.get(target);
    if (event) return `${event.type} ${event.date ?? ''} event`;
    return spouses.has(target) ? `family of ${spouses.get(target)}` : `unknown ${target}`;
  };
  return rows.map((row) => `${cradle.mediaService.get(row.media)?.file_name} -> ${described(row.target)}`).sort();
}

/**
 * `<tag path> <file name>` for every OBJE pointer of a GEDCOM file (`INDI.BIRT.SOUR.OBJE scan.jpg`),
 * by the name of the file its record names as the import keeps it (no folder; a 7.0 URL decoded), sorted.
 */
export function linksIn(file: string | Buffer): string[] {
  const all = records(file);
  const urls = all[0]?.children.find((part) => part.tag === 'GEDC')?.children.find((part) => part.tag === 'VERS')?.value?.startsWith('7');
  const nameOf = (record: GedcomNode) => {
    const written = record.children.find((part) => part.tag === 'FILE')?.value ?? '?';
    return fileNameOf(urls ? filePathOf(written) : written);
  };
  const fileOf = new Map(all.filter((record) => record.tag === 'OBJE' && record.xref).map((record) => [record.xref!, nameOf(record)]));
  const links: string[] = [];
  const walk = (node: GedcomNode, path: string) => {
    for (const part of node.children) {
      const at = `${path}.${part.tag}`;
      if (part.tag === 'OBJE' && part.pointer) links.push(`${at} ${fileOf.get(part.pointer) ?? `no record @${part.pointer}@`}`);
      walk(part, at);
    }
  };
  for (const record of all) if (record.tag !== 'OBJE') walk(record, record.tag);
  return links.sort();
}
