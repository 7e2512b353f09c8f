import { HIDDEN_CHARACTER_MESSAGE } from './rules';

/**
 * An affiliate's payment method (spec: Payment method), set by the back office: crypto (currency
 * name and wallet address) or bank transfer (company, SIRET, IBAN, address, country). The modal and
 * the server check it with the same functions, so both refuse the same values with the same words.
 */

export const PAYMENT_METHOD_TYPES = ['crypto', 'bank'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** The fields each type requires (spec: otherwise 'Veuillez remplir tous les champs'). */
export const PAYMENT_METHOD_FIELDS = {
  crypto: ['crypto_name', 'crypto_address'],
  bank: ['company_name', 'siret', 'iban', 'address', 'country'],
} as const satisfies Record<PaymentMethodType, readonly string[]>;

export type PaymentMethodField = (typeof PAYMENT_METHOD_FIELDS)[PaymentMethodType][number];

/** Longest value kept per field (a wallet address is at most ~100 characters on today's chains). */
export const PAYMENT_METHOD_MAX_LENGTH: Record<PaymentMethodField, number> = {
  crypto_name: 50,
  crypto_address: 200,
  company_name: 200,
  siret: 20,
  iban: 50,
  address: 300,
  country: 100,
};

export const PAYMENT_METHOD_MESSAGES = {
  required: 'Veuillez remplir tous les champs',
  too_long: 'Ce champ est trop long',
  crypto_address: "L'adresse du portefeuille ne doit pas contenir d'espace",
  crypto_address_chars: "L'adresse du portefeuille commence par une lettre ou un chiffre et ne contient que des lettres, des chiffres et : . _ - ? = & /",
  invisible: HIDDEN_CHARACTER_MESSAGE,
  iban_format: "L'IBAN doit commencer par le code du pays et deux chiffres de contrôle, suivis de lettres et de chiffres (ex. FR76 3000 6000 0112 3456 7890 189)",
  iban_length: "L'IBAN n'a pas le nombre de caractères prévu pour son pays",
  iban_checksum: "L'IBAN est invalide : sa clé de contrôle ne correspond pas (vérifiez chaque caractère)",
  siret_digits: 'Le SIRET doit contenir exactement 14 chiffres',
  siret_checksum: 'Le SIRET est invalide : sa clé de contrôle ne correspond pas (vérifiez chaque chiffre)',
} as const;

export type PaymentMethodError = keyof typeof PAYMENT_METHOD_MESSAGES;

/**
 * IBAN lengths by country (ISO 13616 registry, SWIFT). A country missing here is still checked
 * for its format and its mod-97 key, within the registry's 15 to 34 characters.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

export type CheckResult = { ok: true; value: string } | { ok: false; error: PaymentMethodError; message: string };

const fail = (error: PaymentMethodError): CheckResult => ({ ok: false, error, message: PAYMENT_METHOD_MESSAGES[error] });

/** Control characters and the invisible format ones (bidirectional overrides, zero-width): a payment detail could display as other than what it holds. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** A postal address is written on several lines: its line breaks are the one control character it may hold. */
const hasInvisible = (field: PaymentMethodField, text: string) => INVISIBLE.test(field === 'address' ? text.replace(/\n/g, '') : text);
/** A wallet address (with an optional memo or tag): letters, digits and a few separators, never a formula or markup. */
const WALLET_ADDRESS = /^[A-Za-z0-9][A-Za-z0-9:._\-?=&/]*$/;

function checkCryptoAddress(text: string): CheckResult {
  if (/\s/.test(text)) return fail('crypto_address');
  return WALLET_ADDRESS.test(text) ? { ok: true, value: text } : fail('crypto_address_chars');
}

/** An IBAN as stored: capitals, without the spaces people type it with. */
export const normalizeIban = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** An IBAN in groups of four, as it is printed ('FR76 3000 6000 ...'). */
export const formatIban = (iban: string): string => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** A SIRET as it is printed: SIREN in groups of three, then the establishment's five digits ('732 829 320 00074'). */
export const formatSiret = (siret: string): string => siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/** ISO 13616 / ISO 7064 mod 97-10: the country and key moved to the end, letters as 10..35, the number mod 97 is 1. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Spaces allowed, any case; answers the normalised IBAN or why it is refused. */
export function checkIban(text: string): CheckResult {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return fail('iban_format');
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return fail('iban_length');
  return ibanRemainder(iban) === 1 ? { ok: true, value: iban } : fail('iban_checksum');
}

/**
 * La Poste's establishments (SIREN 356 000 000) are more than Luhn keys allow: apart from its head
 * office, their digits add up to a multiple of 5 instead (INSEE's rule, as python-stdnum applies it).
 */
const LA_POSTE_SIREN = '356000000';
const LA_POSTE_HEAD_OFFICE = '35600000000048';

const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

/** A SIRET: exactly 14 digits (spaces allowed when typed) whose Luhn key is right; answers the 14 digits. */
export function checkSiret(text: string): CheckResult {
  const siret = text.replace(/\s+/g, '');
  if (!/^\d{14}$/.test(siret)) return fail('siret_digits');
  const valid = siret.startsWith(LA_POSTE_SIREN) && siret !== LA_POSTE_HEAD_OFFICE
    ? [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0
    : luhnValid(siret);
  return valid ? { ok: true, value: siret } : fail('siret_checksum');
}

/** What a form or a request sends: every field optional, the type decides which are required. */
export type PaymentMethodInput = { type: PaymentMethodType } & Partial<Record<PaymentMethodField, string | null>>;

/** A payment method as stored and shown: the other type's fields are null. */
export type PaymentMethodDetails = { type: PaymentMethodType } & Record<PaymentMethodField, string | null>;

export type PaymentMethodCheck =
  | { ok: true; value: PaymentMethodDetails }
  | { ok: false; errors: { field: PaymentMethodField; error: PaymentMethodError; message: string }[] };

/**
 * The one check of a payment method: every field of its type filled ('Veuillez remplir tous les
 * champs'), none too long, the wallet address without spaces, the IBAN's and SIRET's keys right.
 * Answers the details trimmed and normalised (IBAN in capitals without spaces, SIRET as 14 digits).
 */
export function checkPaymentMethod(input: PaymentMethodInput): PaymentMethodCheck {
  const fields = PAYMENT_METHOD_FIELDS[input.type];
  const value: PaymentMethodDetails = {
    type: input.type, crypto_name: null, crypto_address: null, company_name: null, siret: null, iban: null, address: null, country: null,
  };
  const errors: { field: PaymentMethodField; error: PaymentMethodError; message: string }[] = [];
  const refuse = (field: PaymentMethodField, error: PaymentMethodError) => errors.push({ field, error, message: PAYMENT_METHOD_MESSAGES[error] });
  for (const field of fields) {
    const text = (input[field] ?? '').trim().replace(/\r\n?/g, '\n');
    if (text === '') refuse(field, 'required');
    else if (text.length > PAYMENT_METHOD_MAX_LENGTH[field]) refuse(field, 'too_long');
    else if (hasInvisible(field, text)) refuse(field, 'invisible');
    else value[field] = text;
  }
  // The spec's message comes first: a form with empty fields is told that before anything else.
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => Number(b.error === 'required') - Number(a.error === 'required')) };
  const checks: [PaymentMethodField, (text: string) => CheckResult][] =
    input.type === 'crypto'
      ? [['crypto_address', checkCryptoAddress]]
      : [['siret', checkSiret], ['iban', checkIban]];
  for (const [field, check] of checks) {
    const result = check(value[field]!);
    if (result.ok) value[field] = result.value;
    else refuse(field, result.error);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
