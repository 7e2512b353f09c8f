import { AFFILIATE_ID_RANGE, checkReferralCode, COMMISSION_RATE, percentToTenths, PROFILE_TYPES, TRAFFIC_SOURCES } from '@affilux/contract';
import { z } from 'zod';
import { personFields } from '../accounts/rules';

/** The registration rules of the spec (public site, section 5), as the server enforces them. */
export const applicationSchema = z.object({
  ...personFields,
  profile_type: z.enum(PROFILE_TYPES, { error: 'Le type de profil est requis' }),
  experience_description: z.string({ error: "La description de l'expérience est requise" }).trim().min(10, "La description de l'expérience doit contenir au moins 10 caractères").max(5000),
  affiliate_niches: z.array(z.string().max(100)).max(50).default([]),
  traffic_sources: z.array(z.enum(TRAFFIC_SOURCES), { error: 'Sélectionnez au moins une source de trafic' }).min(1, { error: 'Sélectionnez au moins une source de trafic', abort: true }).max(TRAFFIC_SOURCES.length),
  terms_accepted: z.literal(true, { error: "Vous devez accepter les conditions générales d'utilisation" }),
  referred_by: z.number().int().min(AFFILIATE_ID_RANGE.min).max(AFFILIATE_ID_RANGE.max).nullish(),
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
  const tenths = percentToTenths(value);
  if (tenths !== null) return tenths;
  const inRange = value >= COMMISSION_RATE.min && value <= COMMISSION_RATE.max;
  ctx.addIssue({ code: 'custom', message: inRange ? 'Le taux de commission accepte une décimale au plus' : COMMISSION_RATE.message });
  return z.NEVER;
});
