import { AFFILIATE_ID_RANGE, isHttpUrl, isModulationKey, OFFER_CATEGORIES, OFFER_INTAKES, OFFER_MESSAGES, OFFER_STATUSES, RESERVED_LINK_PARAMETERS } from '@affilux/contract';
import { z } from 'zod';

/**
 * The offer form as POST and PUT /offers receive it: multipart text fields (booleans as text, lists
 * as JSON text) or the same as a JSON body.
 */

const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const textBoolean = z.preprocess((value) => {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null || value === '') return false;
  return { true: true, '1': true, on: true, false: false, '0': false, off: false }[String(value).toLowerCase()] ?? value;
}, z.boolean({ error: 'Valeur booléenne attendue (true ou false)' }));

const optionalText = (max: number) => z.preprocess((v) => v ?? '', z.string().max(max, `${max} caractères au maximum`)).transform((s) => s.trim());

const link = optionalText(2000).refine((value) => value === '' || isHttpUrl(value), OFFER_MESSAGES.invalidUrl);

export const MAX_TEMPLATES = 20;
export const MAX_MODULATION_KEYS = 20;

const templateSchema = z
  .object({
    template_image: z.preprocess((v) => (v === '' ? null : v), z.string().max(100).nullish()).transform((v) => v ?? null),
    template_link: link,
    template_link_ppt: link,
    template_link_sale: link,
    is_modular: textBoolean,
    modulation_keys: z
      .array(z.object({ key: z.string({ error: 'Clé de modulation requise' }).trim(), description: optionalText(200) }))
      .max(MAX_MODULATION_KEYS, `${MAX_MODULATION_KEYS} clés de modulation au maximum`)
      .default([]),
  })
  .superRefine((template, ctx) => {
    if (!template.is_modular) return;
    const seen = new Set<string>();
    template.modulation_keys.forEach(({ key }, index) => {
      const path = ['modulation_keys', index, 'key'];
      if (!isModulationKey(key)) ctx.addIssue({ code: 'custom', path, message: 'Clé de modulation invalide : lettres, chiffres, _ et - (50 au plus)' });
      else if ((RESERVED_LINK_PARAMETERS as readonly string[]).includes(key.toLowerCase())) ctx.addIssue({ code: 'custom', path, message: `La clé « ${key} » est réservée au lien d'affiliation` });
      else if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: `La clé « ${key} » est en double` });
      seen.add(key);
    });
  });

const affiliateId = z
  .union([z.number(), z.string().regex(/^\d{5}$/).transform(Number)], { error: 'ID affilié invalide (5 chiffres)' })
  .refine((n) => Number.isInteger(n) && n >= AFFILIATE_ID_RANGE.min && n <= AFFILIATE_ID_RANGE.max, 'ID affilié invalide (5 chiffres)');

export const offerFormSchema = z
  .object({
    brand_name: z.string({ error: OFFER_MESSAGES.brandNameRequired }).trim().min(1, OFFER_MESSAGES.brandNameRequired).max(200, '200 caractères au maximum'),
    category: z.enum(OFFER_CATEGORIES, { error: OFFER_MESSAGES.categoryRequired }),
    status: z.preprocess((v) => (v === undefined || v === '' ? 'active' : v), z.enum(OFFER_STATUSES, { error: 'Le statut doit être active ou inactive' })),
    is_private: textBoolean,
    private_affiliate_ids: z.preprocess((v) => (v === undefined || v === '' ? [] : fromJsonText(v)), z.array(affiliateId, { error: 'private_affiliate_ids doit être une liste JSON de nombres' }).max(500)),
    script_code_ppt: optionalText(20_000),
    script_code_sale: optionalText(20_000),
    intake: z.preprocess((v) => (v === undefined || v === '' ? 'import' : v), z.enum(OFFER_INTAKES, { error: "Le mode de réception doit être 'import' ou 'postback'" })),
    templates: z.preprocess((v) => (v === undefined || v === '' ? [] : fromJsonText(v)), z.array(templateSchema, { error: 'templates doit être une liste JSON' }).max(MAX_TEMPLATES, `${MAX_TEMPLATES} templates au maximum`)),
    /** PUT: '' removes the brand image; the current name keeps it; absent keeps it. */
    brand_image: z.string().max(100).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.is_private && form.private_affiliate_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['private_affiliate_ids'], message: OFFER_MESSAGES.privateNeedsAffiliates });
    }
  });

export type OfferForm = z.infer<typeof offerFormSchema>;

export const validateAffiliatesSchema = z.object({
  affiliate_ids: z.preprocess(fromJsonText, z.array(affiliateId, { error: OFFER_MESSAGES.privateNeedsAffiliates }).min(1, OFFER_MESSAGES.privateNeedsAffiliates).max(500)),
});

/** Both trackers are sent each time: a missing one is refused rather than read as cleared ('' or null clears it). */
const tracker = (name: string) =>
  z.preprocess((v) => (v === null ? '' : v), z.string({ error: (issue) => (issue.input === undefined ? `${name} est requis (une chaîne vide l'efface)` : OFFER_MESSAGES.invalidTrackers) }));
export const trackersSchema = z.object({ tracker1: tracker('tracker1'), tracker2: tracker('tracker2') });
