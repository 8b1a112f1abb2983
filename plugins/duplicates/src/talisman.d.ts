// talisman 1.1.4 ships no types; its module.exports is the function itself.
declare module 'talisman/phonetics/daitch-mokotoff.js' {
  /** The Daitch–Mokotoff Soundex codes of a name: six digits each, one or more (branching letters). */
  function daitchMokotoff(name: string): string[];
  export default daitchMokotoff;
}
