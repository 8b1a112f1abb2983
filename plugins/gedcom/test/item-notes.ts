import type { TestServer } from '@rootline/kernel/testing';

/**
 * Every claim and event with notes (each once, though an event is on both partners' cards), and
 * its notes, as a user reads them: the card's claims and events, then the notes of each (through
 * the routes). One line each, `<person's name or "family">: <kind or type> | <notes, sorted>`, sorted.
 */
export async function notesOnClaimsAndEvents(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read = new Map<string, string>();
  for (const { id, display_name } of tree.prepare('SELECT id, display_name FROM persons').all() as { id: string; display_name: string }[]) {
    const card = (await s.request('GET', `${prefix}/persons/${id}/card`, { query: { expand: 'assertions,events' } })).json();
    for (const item of [...card.assertions.items, ...card.events.items]) {
      const notes = (await s.request('GET', `${prefix}/notes`, { query: { target: item.id } })).json().map((note: { text: string }) => note.text);
      if (notes.length) read.set(item.id, `${item.kind ? display_name : 'family'}: ${item.kind ?? item.type} | ${notes.sort().join(' | ')}`);
    }
  }
  return [...read.values()].sort();
}
