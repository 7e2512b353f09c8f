import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './rules';

/**
 * The rules of a manager (a contact person assigned to affiliates, not a login; admin spec §5), in
 * their one form: the server refuses with these messages and the back office's modal shows them.
 * Values are trimmed; an empty Telegram or email is no Telegram or email.
 */
export const MANAGER_LIMITS = { nameMaxLength: 100, telegramMaxLength: 100, mailMaxLength: EMAIL_MAX_LENGTH } as const;

export const MANAGER_MESSAGES = {
  name_required: 'Le nom est requis',
  name_too_long: 'Le nom ne doit pas dépasser 100 caractères',
  contact_required: 'Au moins une méthode de contact (Telegram ou Email) est requise',
  telegram_too_long: 'Le contact Telegram ne doit pas dépasser 100 caractères',
  mail_invalid: 'Adresse email invalide',
} as const;

export type ManagerRule = keyof typeof MANAGER_MESSAGES;
export type ManagerRuleError = { field: 'nom' | 'telegram' | 'mail'; msg: string; rule: ManagerRule };

/** What the API receives and the modal sends. */
export type ManagerInput = { nom: string; telegram: string; mail: string };
/** A checked manager: trimmed, empty contacts as null. */
export type ManagerValue = { nom: string; telegram: string | null; mail: string | null };

export type ManagerCheck = { ok: true; value: ManagerValue } | { ok: false; errors: ManagerRuleError[] };

/** A text field of a request body, trimmed; null when absent or empty, undefined when it is not text. */
const text = (value: unknown): string | null | undefined => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return undefined;
  return value.trim() || null;
};

export function checkManager(input: unknown): ManagerCheck {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: ManagerRuleError[] = [];
  const fail = (field: ManagerRuleError['field'], rule: ManagerRule) => errors.push({ field, msg: MANAGER_MESSAGES[rule], rule });

  const nom = text(body.nom);
  if (!nom) fail('nom', 'name_required');
  else if (nom.length > MANAGER_LIMITS.nameMaxLength) fail('nom', 'name_too_long');

  const telegram = text(body.telegram);
  const mail = text(body.mail);
  if (telegram === undefined || (telegram && telegram.length > MANAGER_LIMITS.telegramMaxLength)) fail('telegram', 'telegram_too_long');
  if (mail === undefined || (mail && (mail.length > MANAGER_LIMITS.mailMaxLength || !EMAIL_PATTERN.test(mail)))) fail('mail', 'mail_invalid');
  if (telegram === null && mail === null) fail('telegram', 'contact_required');

  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { nom: nom!, telegram: telegram ?? null, mail: mail ?? null } };
}

/** A row of GET /managers: the manager and how many affiliates have it (what deleting it would leave without a manager). */
export type ManagerListItem = { id: string; nom: string; telegram: string | null; mail: string | null; created_at: string; revision: number; affiliate_count: number };
