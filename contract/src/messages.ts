/**
 * Server messages that the spec gives in English (and, in French like every message of ours, a
 * body that is not JSON), with a stable code that every error answer carries (`{ message, code }`):
 * the message stays on the wire as the spec words it, and the front ends show the translation of
 * the code in the interface language.
 */
export const SERVER_MESSAGES = {
  invalid_credentials: 'Invalid credentials',
  email_exists: 'Email already exists',
  user_not_found: 'User not found',
  invalid_token: 'Invalid or expired token',
  application_not_pending: 'Application not found or already processed',
  application_not_found: 'Application not found',
  server_error: 'Server error',
  access_token_required: 'Access token required',
  authentication_required: 'Authentication required',
  insufficient_permissions: 'Insufficient permissions',
  email_verification_required: 'Email verification required',
  account_frozen: 'Account frozen',
  too_many_attempts: 'Too many failed sign-in attempts. Try again later.',
  rate_limited: 'Too many requests. Please try again later.',
  concurrent_change: 'This record was changed at the same time by someone else; please retry',
  not_found: 'Not found',
  malformed_body: 'Corps de requête illisible : JSON invalide',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

export const SERVER_MESSAGE_TRANSLATIONS: Record<'fr' | 'en', Record<ServerMessageCode, string>> = {
  fr: {
    invalid_credentials: 'Identifiants invalides',
    email_exists: 'Cette adresse email est déjà utilisée',
    user_not_found: 'Utilisateur introuvable',
    invalid_token: 'Lien invalide ou expiré',
    application_not_pending: 'Candidature introuvable ou déjà traitée',
    application_not_found: 'Candidature introuvable',
    server_error: 'Erreur du serveur',
    access_token_required: 'Connexion requise',
    authentication_required: 'Session expirée : veuillez vous reconnecter',
    insufficient_permissions: 'Accès non autorisé',
    email_verification_required: 'Vérification de l’email requise',
    account_frozen: 'Compte gelé',
    too_many_attempts: 'Trop de tentatives de connexion. Réessayez plus tard.',
    rate_limited: 'Trop de requêtes. Veuillez réessayer plus tard.',
    concurrent_change: 'Cet élément vient d’être modifié par quelqu’un d’autre ; veuillez réessayer',
    not_found: 'Introuvable',
    malformed_body: 'Requête invalide',
  },
  en: {
    invalid_credentials: 'Invalid credentials',
    email_exists: 'Email already exists',
    user_not_found: 'User not found',
    invalid_token: 'Invalid or expired link',
    application_not_pending: 'Application not found or already processed',
    application_not_found: 'Application not found',
    server_error: 'Server error',
    access_token_required: 'Please sign in',
    authentication_required: 'Your session has ended: please sign in again',
    insufficient_permissions: 'Insufficient permissions',
    email_verification_required: 'Email verification required',
    account_frozen: 'Account frozen',
    too_many_attempts: 'Too many failed sign-in attempts. Try again later.',
    rate_limited: 'Too many requests. Please try again later.',
    concurrent_change: 'This record was changed at the same time by someone else; please retry',
    not_found: 'Not found',
    malformed_body: 'Invalid request',
  },
};

/**
 * The SERVER_MESSAGES code of an error answer: its `code` when it is one; otherwise the code whose
 * message it carries word for word (an answer from a server that does not send codes yet), else null.
 */
export function serverMessageCode(body: unknown): ServerMessageCode | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code)) return code as ServerMessageCode;
  const byMessage = (Object.keys(SERVER_MESSAGES) as ServerMessageCode[]).find((known) => SERVER_MESSAGES[known] === message);
  return byMessage ?? null;
}

/** The interface text of an error answer: the translation of its code when there is one, else its message. */
export function translateServerMessage(body: unknown, language: string, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const { message } = body as { message?: unknown };
  const code = serverMessageCode(body);
  if (code) return SERVER_MESSAGE_TRANSLATIONS[language.startsWith('en') ? 'en' : 'fr'][code];
  return typeof message === 'string' && message ? message : fallback;
}
