import { COUNTRIES, MIN_LENGTH, PASSWORD_MAX_BYTES, passwordByteLength } from '@affilux/contract';
import { z } from 'zod';

/**
 * The rules of a person's fields (spec section 5: registration, account page, reset), with the
 * spec's messages. Registration and the account page share them, so both accept the same values.
 */
const text = (required: string) => z.string({ error: required }).trim();

export const personFields = {
  first_name: text('Le prénom est requis').min(1, { error: 'Le prénom est requis', abort: true }).min(MIN_LENGTH.name, 'Le prénom doit contenir au moins 2 caractères').max(100),
  last_name: text('Le nom est requis').min(1, { error: 'Le nom est requis', abort: true }).min(MIN_LENGTH.name, 'Le nom doit contenir au moins 2 caractères').max(100),
  username: text("Le nom d'utilisateur est requis").min(1, { error: "Le nom d'utilisateur est requis", abort: true }).min(MIN_LENGTH.username, "Le nom d'utilisateur doit contenir au moins 3 caractères").max(100),
  email: text("L'email est requis").toLowerCase().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
  password: z
    .string({ error: 'Le mot de passe est requis' })
    .min(MIN_LENGTH.password, 'Le mot de passe doit contenir au moins 6 caractères')
    .refine((value) => passwordByteLength(value) <= PASSWORD_MAX_BYTES, 'Le mot de passe doit contenir au plus 72 octets'),
  contact_method: text('Le moyen de contact est requis').min(MIN_LENGTH.contactMethod, 'Le moyen de contact doit contenir au moins 3 caractères').max(200),
  country: z.enum(COUNTRIES, { error: 'Le pays est requis' }),
};

export const profileSchema = z.object({
  first_name: personFields.first_name,
  last_name: personFields.last_name,
  username: personFields.username,
  contact_method: personFields.contact_method,
  country: personFields.country,
});
