/** Rules both tiers enforce (spec sections 5 and 9 of both documents). */

/** The session token's key in localStorage, shared by the portal and the back office. */
export const TOKEN_KEY = 'token';

export const MIN_LENGTH = {
  password: 6, name: 2, username: 3, contactMethod: 3, experience: 10,
  contactName: 2, contactSubject: 5, contactMessage: 10,
} as const;

/** bcrypt reads only the first 72 bytes of a password: longer ones are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const passwordByteLength = (password: string): number => new TextEncoder().encode(password).length;

/** The spec's "basic address pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Email verification and email change codes. */
export const VERIFICATION_CODE_LENGTH = 6;

/** Trackers S1 and S2: letters and digits only (others stripped), 10 at most. */
export const TRACKER_MAX_LENGTH = 10;
export const sanitizeTracker = (raw: string): string => raw.replace(/[^A-Za-z0-9]/g, '').slice(0, TRACKER_MAX_LENGTH);
export const isTracker = (value: string): boolean => /^[A-Za-z0-9]{0,10}$/.test(value);

/** An input a sanitizer cleans as it is typed (a field's element). */
type TypedField = { value: string; selectionStart: number | null; setSelectionRange(start: number, end: number): void };

/**
 * A field's text cleaned as it is typed (`sanitizeTracker`, `sanitizeReferralInput`, a code's
 * digits), the caret kept after what was typed before it: a refused character typed mid-text would
 * otherwise send the caret to the end, and the next one typed there.
 */
export function cleanAsTyped(field: TypedField, clean: (raw: string) => string): string {
  const value = clean(field.value);
  if (value !== field.value) {
    const caret = Math.min(clean(field.value.slice(0, field.selectionStart ?? field.value.length)).length, value.length);
    // After React has put the cleaned value in the field (at the end of this event), which sends the caret to the end.
    queueMicrotask(() => field.setSelectionRange(caret, caret));
  }
  return value;
}

/**
 * Text PostgreSQL cannot store or that no honest form sends: the NUL character and lone UTF-16
 * surrogates. Free text carrying them is refused with a 400.
 */
export const hasForbiddenCharacters = (text: string): boolean => /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/**
 * Whether a one-line name shows as what it holds: none of the characters that make it show
 * otherwise, controls and separators (line breaks, tabs), the bidirectional overrides and isolates,
 * the invisible spaces, fillers (U+3164 and its half-width U+FFA0, the Braille blank), marks,
 * variation selectors but the emoji ones (U+FE0E, U+FE0F), format controls and tags. An affiliate
 * named "nimda" written backwards behind U+202E would read "admin" in the back office. The joiners (U+200C, U+200D) stay: Persian names and
 * emoji need them. Forms and server refine with it, with HIDDEN_CHARACTER_MESSAGE.
 */
export const HIDDEN_CHARACTERS =
  /[\p{Cc}\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\u2800\u3164\uFE00-\uFE0D\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
export const showsAsTyped = (text: string): boolean => !HIDDEN_CHARACTERS.test(text);
export const HIDDEN_CHARACTER_MESSAGE = 'Ce champ contient un caractère invisible ou de contrôle (par exemple un changement de sens du texte) : retapez-le';

/** Admin user search debounce (ms). */
export const USER_SEARCH_DEBOUNCE_MS = 300;
