/** The GEDCOM 7 personal name pieces, in the order GEDCOM lists them. */
export const NAME_PIECES = ['prefix', 'given', 'nickname', 'surname_prefix', 'surname', 'suffix'] as const;
export type NamePiece = (typeof NAME_PIECES)[number];
export type NamePieces = Partial<Record<NamePiece, string | null>>;

const has = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Whether the name as written puts the surname before the given name (Chinese, Hungarian,
 * Japanese and Korean names; "SMITH John" in many registers). Only the name as written can
 * tell; without it, pieces are shown given-first.
 */
function surnameFirst(pieces: NamePieces, asWritten: string | null): boolean {
  if (!asWritten || !has(pieces.given) || !has(pieces.surname)) return false;
  const written = asWritten.toLowerCase();
  const surname = written.indexOf(pieces.surname.trim().toLowerCase());
  const given = written.indexOf(pieces.given.trim().toLowerCase());
  return surname >= 0 && given >= 0 && surname < given;
}

/**
 * The name to show: the pieces joined in order when there are any (nickname in quotes),
 * else the name as written. Never splits or guesses pieces from the written name.
 */
export function displayName(pieces: NamePieces, asWritten: string | null): string {
  if (!NAME_PIECES.some((piece) => has(pieces[piece]))) return asWritten ?? '';
  const nickname = has(pieces.nickname) ? `“${pieces.nickname.trim()}”` : null;
  const surname = [pieces.surname_prefix, pieces.surname];
  const order = surnameFirst(pieces, asWritten)
    ? [pieces.prefix, ...surname, pieces.given, nickname, pieces.suffix]
    : [pieces.prefix, pieces.given, nickname, ...surname, pieces.suffix];
  return order.filter(has).map((part) => part.trim()).join(' ');
}
