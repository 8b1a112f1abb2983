import type { TestServer } from '@rootline/kernel/testing';

interface Item {
  id: string;
  kind?: string;
  type?: string;
  place?: string | null;
  date?: string | null;
}

/**
 * Every claim and event of the tree's persons (each once, though an event is on both partners'
 * cards) with its notes, as a user reads them: the card's claims and events, then the notes of
 * each (through the routes). `line` makes the item's line (`who` is the person's name, or
 * `family` for a family event), or leaves it out; the lines come back sorted.
 */
async function itemLines(s: TestServer, treeId: string | undefined, line: (item: Item, who: string, notes: string[]) => string | undefined): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read = new Map<string, string>();
  for (const { id, display_name } of tree.prepare('SELECT id, display_name FROM persons').all() as { id: string; display_name: string }[]) {
    const card = (await s.request('GET', `${prefix}/persons/${id}/card`, { query: { expand: 'assertions,events' } })).json();
    for (const item of [...card.assertions.items, ...card.events.items] as Item[]) {
      const notes = (await s.request('GET', `${prefix}/notes`, { query: { target: item.id } })).json().map((note: { text: string }) => note.text).sort();
      const text = line(item, item.kind ? display_name : 'family', notes);
      if (text !== undefined) read.set(item.id, text);
    }
  }
  return [...read.values()].sort();
}

/** Every claim and event with notes: `<person's name or "family">: <kind or type> | <notes, sorted>`. */
export function notesOnClaimsAndEvents(s: TestServer, treeId?: string): Promise<string[]> {
  return itemLines(s, treeId, (item, who, notes) => (notes.length ? `${who}: ${item.kind ?? item.type} | ${notes.join(' | ')}` : undefined));
}

/** Every claim and event that has a `field` (its place, or its date): `Ann Lee: birth at Ledbury | <notes>`, `Ann Lee: birth 1850 | <notes>`. */
export function factNotes(s: TestServer, field: 'place' | 'date', treeId?: string): Promise<string[]> {
  return itemLines(s, treeId, (item, who, notes) => (item[field] ? `${who}: ${item.kind ?? item.type} ${field === 'place' ? 'at ' : ''}${item[field]} | ${notes.join(' | ')}` : undefined));
}
