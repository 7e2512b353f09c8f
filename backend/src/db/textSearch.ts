/**
 * Accented letters and their plain ones, and the ligatures spelt out, so that "Chloe" finds Chloé,
 * "evol" Évolutive and "coeur" Cœur (PostgreSQL's unaccent is an extension an application may not install).
 */
const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŸ';
const PLAIN = 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUYY';
/** The spaces a paste brings (no-break, narrow no-break, thin, figure, tab): one plain space each. */
const SPACES = '\u00a0\u202f\u2009\u2007\t';

/**
 * A text SQL expression as the back office's searches compare it: composed (an accent typed or
 * stored as a combining mark after its letter is the same letter), lower case, accents aside, every
 * run of spaces one plain space.
 */
const folded = (expression: string) =>
  `regexp_replace(replace(replace(lower(translate(normalize(${expression}, NFC), '${ACCENTED}${SPACES}', '${PLAIN}${' '.repeat(SPACES.length)}')), 'œ', 'oe'), 'æ', 'ae'), '  +', ' ', 'g')`;

/** Whether the text SQL expression contains the searched one, accents and case aside (no wildcard: `%` and `_` are letters). */
export const containsFolded = (expression: string, searched: string) => `strpos(${folded(expression)}, ${folded(searched)}) > 0`;
