import type { PluginKernel, Tree } from '@rootline/kernel';
import type { PersonMerged, PersonSplit } from '@rootline/contracts/persons';

/**
 * A question about a person follows the person into a merge and back: on `person.merged.v1`
 * the merged person's place among a question's subjects goes to the survivor (a question that
 * already names the survivor keeps it once); a merge reversed by a split (`unmerged`) gives
 * each question its subject back, where it was.
 */
export function subjectsFollowMerges(kernel: PluginKernel): void {
  kernel.onRecord('person.merged.', (tree, record) => {
    const { merged, survivor } = record.payload as PersonMerged;
    moveSubjects(tree, merged, survivor);
  });
  kernel.onRecord('person.split.', (tree, record) => {
    const { unmerged, new_person } = record.payload as PersonSplit;
    if (unmerged) restoreSubjects(tree, new_person, record.entity_id);
  });
}

function moveSubjects(tree: Tree, merged: string, survivor: string): void {
  const rows = tree.prepare("SELECT question, position FROM research_question_subjects WHERE subject = ? AND kind = 'person'").all(merged) as { question: string; position: number }[];
  for (const { question, position } of rows) {
    const folded = tree.prepare('SELECT 1 FROM research_question_subjects WHERE question = ? AND subject = ?').get(question, survivor) !== undefined;
    if (folded) tree.prepare('DELETE FROM research_question_subjects WHERE question = ? AND subject = ?').run(question, merged);
    else tree.prepare('UPDATE research_question_subjects SET subject = ? WHERE question = ? AND subject = ?').run(survivor, question, merged);
    tree.prepare('INSERT OR REPLACE INTO research_subject_merges (merged, question, position, folded) VALUES (?, ?, ?, ?)').run(merged, question, position, Number(folded));
  }
}

function restoreSubjects(tree: Tree, merged: string, survivor: string): void {
  const moves = tree.prepare('SELECT question, position, folded FROM research_subject_merges WHERE merged = ?').all(merged) as { question: string; position: number; folded: 0 | 1 }[];
  for (const { question, position, folded } of moves) {
    if (folded) tree.prepare("INSERT OR IGNORE INTO research_question_subjects (question, position, kind, subject) VALUES (?, ?, 'person', ?)").run(question, position, merged);
    // Moved back only while the question still names the survivor where the merged person was (subjects set since stay as set).
    else tree.prepare('UPDATE OR IGNORE research_question_subjects SET subject = ? WHERE question = ? AND subject = ? AND position = ?').run(merged, question, survivor, position);
  }
  tree.prepare('DELETE FROM research_subject_merges WHERE merged = ?').run(merged);
}
