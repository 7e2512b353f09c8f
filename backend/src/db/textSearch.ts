/**
 * Accented letters and their plain ones, and the ligatures spelt out, so that "Chloe" finds Chloé,
 * "evol" Évolutive and "coeur" Cœur (PostgreSQL's unaccent is an extension an application may not install).
 */
const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŸ';
const PLAIN = 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUYY';

/**
 * A text SQL expression as the back office's searches compare it: composed (an accent typed or
 * stored as a combining mark after its letter is the same letter), lower case, accents aside.
 */
const folded = (expression: string) => `replace(replace(lower(translate(normalize(${expression}, NFC), '${ACCENTED}', '${PLAIN}')), 'œ', 'oe'), 'æ', 'ae')`;

/** Whether the text SQL expression contains the searched one, accents and case aside (no wildcard: `%` and `_` are letters). */
export const containsFolded = (expression: string, searched: string) => `strpos(${folded(expression)}, ${folded(searched)}) > 0`;
