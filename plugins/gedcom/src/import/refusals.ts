import type { ProblemError } from '@rootline/kernel';

/**
 * Why a write the import asked for was refused, in the loss report's words: the same for every
 * refusal of its kind, so the report counts them as one item with their line numbers, and names
 * no id of the tree (a reader has the file's lines, not our ids). A kind not listed keeps its
 * Problem's detail.
 */
const REASONS: Readonly<Record<string, string>> = {
  'relationship-exists': 'refused: these persons are linked so already (the same child listed twice, or the same parents in another family): kept once',
  'relationship-cycle': 'refused: it would make a person their own ancestor',
  'relationship-self': 'refused: a person cannot be their own parent or partner',
  'association-self': 'refused: an individual cannot be associated with itself (an ASSO or ALIA pointing at its own record)',
  'too-many-birth-parents': 'refused: the child has two birth parents already (a third parent needs another pedigree: adopted, foster, step)',
};

export function refusalReason(problem: ProblemError): string {
  return REASONS[problem.code] ?? `refused: ${problem.detail}`;
}
