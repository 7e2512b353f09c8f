import { VERIFICATION_CODE_LENGTH } from '@affilux/contract';
import { z } from 'zod';
import { contactMethod, country, email, firstName, lastName, password, username } from '../../auth/registrationRules';

/**
 * The account page's rules (spec section 5), the registration rules field for field. Messages are
 * translation keys of the `auth` namespace (`validation.*`).
 */
export const profileSchema = z.object({ first_name: firstName, last_name: lastName, username, contact_method: contactMethod, country });
export type ProfileForm = { first_name: string; last_name: string; username: string; contact_method: string; country: string };

const currentPassword = z.string().min(1, 'validation.currentPasswordRequired');

/** A new address, confirmed with the current password (a stolen session alone cannot move the account). */
export const emailChangeSchema = z.object({ email, current_password: currentPassword });

export const passwordChangeSchema = z
  .object({ current_password: currentPassword, new_password: password, confirm_password: z.string().min(1, 'validation.confirmPasswordRequired') })
  .refine((values) => values.confirm_password === '' || values.confirm_password === values.new_password, {
    path: ['confirm_password'],
    error: 'validation.passwordMismatch',
  });

/** What the code field keeps of a keystroke: digits only, 6 at most. */
export const sanitizeCode = (raw: string): string => raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
export const isCompleteCode = (code: string): boolean => code.length === VERIFICATION_CODE_LENGTH;
