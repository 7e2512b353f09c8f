import {
  checkCommissionRate, checkPaymentMethod, checkReferralCode, COMMISSION_RATE, COUNTRIES, HIDDEN_CHARACTER_MESSAGE, MIN_LENGTH, PASSWORD_MAX_BYTES, passwordByteLength, PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_TYPES, PAYMENT_TYPES, showsAsTyped,
} from '@affilux/contract';
import { z } from 'zod';

/**
 * The rules of a person's fields (spec section 5: registration, account page, reset), with the
 * spec's messages. Registration and the account page share them, so both accept the same values.
 */
const text = (required: string) => z.string({ error: required }).trim();

export const personFields = {
  first_name: text('Le prénom est requis').min(1, { error: 'Le prénom est requis', abort: true }).min(MIN_LENGTH.name, 'Le prénom doit contenir au moins 2 caractères').max(100).refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  last_name: text('Le nom est requis').min(1, { error: 'Le nom est requis', abort: true }).min(MIN_LENGTH.name, 'Le nom doit contenir au moins 2 caractères').max(100).refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  username: text("Le nom d'utilisateur est requis").min(1, { error: "Le nom d'utilisateur est requis", abort: true }).min(MIN_LENGTH.username, "Le nom d'utilisateur doit contenir au moins 3 caractères").max(100).refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  email: text("L'email est requis").toLowerCase().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
  password: z
    .string({ error: 'Le mot de passe est requis' })
    .min(MIN_LENGTH.password, 'Le mot de passe doit contenir au moins 6 caractères')
    .refine((value) => passwordByteLength(value) <= PASSWORD_MAX_BYTES, 'Le mot de passe doit contenir au plus 72 octets'),
  contact_method: text('Le moyen de contact est requis').min(MIN_LENGTH.contactMethod, 'Le moyen de contact doit contenir au moins 3 caractères').max(200).refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  country: z.enum(COUNTRIES, { error: 'Le pays est requis' }),
};

export const profileSchema = z.object({
  first_name: personFields.first_name,
  last_name: personFields.last_name,
  username: personFields.username,
  contact_method: personFields.contact_method,
  country: personFields.country,
});

/** A referral code typed by an admin (contract rule): exactly 5 digits, at least 10; null or '' removes the referrer. */
export const referralCodeSchema = z
  .union([z.number(), z.string(), z.null()], { error: 'Le code de parrainage doit contenir exactement 5 chiffres' })
  .transform((value, ctx) => {
    const check = checkReferralCode(value);
    if (check.ok) return check.value;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });

/** A referral commission in percent (0 to 100, one decimal), as integer tenths. */
export const commissionRateSchema = z.number({ error: COMMISSION_RATE.message }).transform((value, ctx) => {
  const check = checkCommissionRate(value);
  if (check.ok) return check.tenths;
  ctx.addIssue({ code: 'custom', message: check.message });
  return z.NEVER;
});

const uuidOr = (message: string) => z.union([z.uuid({ error: message }), z.null()], { error: message });

/** PUT /admin/users/{id}/payment-settings: a payment type and a variant of that type, or none. */
export const paymentSettingsSchema = z.object({
  payment_type: z.enum(PAYMENT_TYPES, { error: 'Le type de paiement doit être ppt ou sale' }),
  variant_id: uuidOr('Variante introuvable pour ce type de paiement').default(null),
});

export const managerAssignmentSchema = z.object({ manager_id: uuidOr('Manager introuvable') });

export const frozenStatusSchema = z.object({ is_frozen: z.boolean({ error: 'is_frozen doit valoir true ou false' }) });

export const referralSchema = z.object({ referred_by: referralCodeSchema });

export const commissionSchema = z.object({ referral_commission_rate: commissionRateSchema });

const detailField = z.string({ error: 'Ce champ doit être un texte' }).nullish();

/** POST /admin/users/{id}/payment-method, checked by the contract's one rule (the modal's too). */
export const paymentMethodSchema = z
  .object({
    type: z.enum(PAYMENT_METHOD_TYPES, { error: 'Le type de moyen de paiement doit être crypto ou bank' }),
    ...Object.fromEntries([...PAYMENT_METHOD_FIELDS.crypto, ...PAYMENT_METHOD_FIELDS.bank].map((field) => [field, detailField])),
  })
  .transform((input, ctx) => {
    const check = checkPaymentMethod(input);
    if (check.ok) return check.value;
    for (const { field, message } of check.errors) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });
