/**
 * Roles in an event or an association are open text: records name far more roles than any
 * list (census "head", "lodger", "servant"; "bride", "groom", "deceased"). They are stored
 * tidied (trimmed, spaces collapsed, lower case) so "Witness" and "witness " are one role and
 * the duplicate rule (same person, same role) cannot be dodged by spelling.
 *
 * Suggested words, with the GEDCOM 7 ROLE they export to: principal, witness (WITN),
 * officiant (OFFICIATOR), clergy (CLERGY), informant, godparent (GODP), parent (PARENT),
 * father (FATH), mother (MOTH), child (CHIL), spouse (SPOU), husband (HUSB), wife (WIFE),
 * friend (FRIEND), neighbour (NGHBR), other (OTHER).
 */
export function normalizeRole(written: string): string {
  return written.trim().replace(/\s+/g, ' ').toLowerCase();
}
