import { AFFILIATE_ID_RANGE, OFFER_CATEGORIES, PROFILE_TYPES, TRAFFIC_SOURCES } from '@affilux/contract';
import { z } from 'zod';
import { personFields } from '../accounts/rules';

/** The registration rules of the spec (public site, section 5), as the server enforces them. */
export const applicationSchema = z.object({
  ...personFields,
  profile_type: z.enum(PROFILE_TYPES, { error: 'Le type de profil est requis' }),
  experience_description: z.string({ error: "La description de l'expérience est requise" }).trim().min(10, "La description de l'expérience doit contenir au moins 10 caractères").max(5000),
  // The form sends none (spec); others name the network's categories, never free text that the log would keep forever.
  affiliate_niches: z.array(z.enum(OFFER_CATEGORIES, { error: 'Niche inconnue' })).max(OFFER_CATEGORIES.length).default([]),
  traffic_sources: z.array(z.enum(TRAFFIC_SOURCES, { error: 'Source de trafic inconnue' }), { error: 'Sélectionnez au moins une source de trafic' }).min(1, { error: 'Sélectionnez au moins une source de trafic', abort: true }).max(TRAFFIC_SOURCES.length),
  terms_accepted: z.literal(true, { error: "Vous devez accepter les conditions générales d'utilisation" }),
  referred_by: z.number().int().min(AFFILIATE_ID_RANGE.min).max(AFFILIATE_ID_RANGE.max).nullish(),
});
