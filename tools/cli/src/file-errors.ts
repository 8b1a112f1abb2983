/** What a failed file operation means, in words a genealogist reads (never EISDIR, ENOENT, EPERM...). */
const WORDS: Record<string, string> = {
  ENOENT: 'it does not exist',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'you are not allowed to (permissions)',
  EPERM: 'you are not allowed to (permissions)',
  EEXIST: 'something of that name is already there',
  ENOSPC: 'the disk is full',
  EDQUOT: 'your disk quota is used up',
  EROFS: 'the disk is read-only',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
};

/** The reason of a failed file operation in words, else its own message. */
export function inWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && WORDS[code]) ?? (error as Error).message;
}
