import { z } from 'zod';
import { formatAffiliateId } from '../accounts/affiliateId';
import { COUNTRIES, MIN_LENGTH, PROFILE_TYPES, REFERRAL_CODE_RANGE, TRAFFIC_SOURCES } from './applicationVocabulary';

/**
 * The registration rules of the spec (public site, section 5), as the server enforces them.
 */
const text = (required: string) => z.string({ error: required }).trim();

export const applicationSchema = z.object({
  first_name: text('Le prénom est requis').min(1, { error: 'Le prénom est requis', abort: true }).min(MIN_LENGTH.name, 'Le prénom doit contenir au moins 2 caractères').max(100),
  last_name: text('Le nom est requis').min(1, { error: 'Le nom est requis', abort: true }).min(MIN_LENGTH.name, 'Le nom doit contenir au moins 2 caractères').max(100),
  username: text("Le nom d'utilisateur est requis").min(1, { error: "Le nom d'utilisateur est requis", abort: true }).min(MIN_LENGTH.username, "Le nom d'utilisateur doit contenir au moins 3 caractères").max(100),
  email: text("L'email est requis").toLowerCase().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
  password: z.string({ error: 'Le mot de passe est requis' }).min(MIN_LENGTH.password, 'Le mot de passe doit contenir au moins 6 caractères').max(200),
  profile_type: z.enum(PROFILE_TYPES, { error: 'Le type de profil est requis' }),
  contact_method: text('Le moyen de contact est requis').min(MIN_LENGTH.contactMethod, 'Le moyen de contact doit contenir au moins 3 caractères').max(200),
  country: z.enum(COUNTRIES, { error: 'Le pays est requis' }),
  experience_description: text("La description de l'expérience est requise").min(MIN_LENGTH.experience, "La description de l'expérience doit contenir au moins 10 caractères").max(5000),
  affiliate_niches: z.array(z.string().max(100)).max(50).default([]),
  traffic_sources: z.array(z.enum(TRAFFIC_SOURCES), { error: 'Sélectionnez au moins une source de trafic' }).min(1, { error: 'Sélectionnez au moins une source de trafic', abort: true }).max(TRAFFIC_SOURCES.length),
  terms_accepted: z.literal(true, { error: "Vous devez accepter les conditions générales d'utilisation" }),
  referred_by: z.number().int().min(REFERRAL_CODE_RANGE.min).max(REFERRAL_CODE_RANGE.max).nullish(),
});

/** The body of POST /applications/submit, as the portal sends it. */
export type ApplicationBody = z.input<typeof applicationSchema>;

/** A referral code typed by an admin: exactly 5 digits, at least 10; null removes the referrer. */
export const referralCodeSchema = z
  .union([z.number(), z.string(), z.null()], { error: 'Le code de parrainage doit contenir exactement 5 chiffres' })
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const digits = typeof value === 'number' ? formatAffiliateId(value) : value.trim();
    if (!/^\d{5}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: 'Le code de parrainage doit contenir exactement 5 chiffres' });
      return z.NEVER;
    }
    const code = Number(digits);
    if (code < REFERRAL_CODE_RANGE.min) {
      ctx.addIssue({ code: 'custom', message: 'Le code de parrainage doit être un nombre valide (minimum 10)' });
      return z.NEVER;
    }
    return code;
  });
