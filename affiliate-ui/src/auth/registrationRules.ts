import { z } from 'zod';
import { COUNTRIES, EMAIL_PATTERN, MIN_LENGTH, PASSWORD_MAX_BYTES, passwordByteLength, PROFILE_TYPES, showsAsTyped, TRAFFIC_SOURCES } from '@affilux/contract';

/**
 * Validation rules of spec section 5 for sign-in, registration and password reset, written with zod
 * built on the lists the server validates against (applicationVocabulary). Error messages are translation keys
 * of the `auth` namespace (`validation.*`); the UI translates them, a server can map them.
 */

export { COUNTRIES, EMAIL_PATTERN, MIN_LENGTH, PROFILE_TYPES, TRAFFIC_SOURCES } from '@affilux/contract';
export type { Country, ProfileType, TrafficSource } from '@affilux/contract';


// Field rules, shared by the registration wizard and the account page (spec section 5 gives both the same rules).
export const email = z.string().trim().min(1, 'validation.emailRequired').regex(EMAIL_PATTERN, 'validation.emailInvalid');
export const firstName = z.string().trim().min(1, 'validation.firstNameRequired').min(MIN_LENGTH.name, 'validation.firstNameMin').refine(showsAsTyped, 'validation.hiddenCharacter');
export const lastName = z.string().trim().min(1, 'validation.lastNameRequired').min(MIN_LENGTH.name, 'validation.lastNameMin').refine(showsAsTyped, 'validation.hiddenCharacter');
export const username = z.string().trim().min(1, 'validation.usernameRequired').min(MIN_LENGTH.username, 'validation.usernameMin').refine(showsAsTyped, 'validation.hiddenCharacter');
export const contactMethod = z.string().trim().min(1, 'validation.contactMethodRequired').min(MIN_LENGTH.contactMethod, 'validation.contactMethodMin').refine(showsAsTyped, 'validation.hiddenCharacter');
export const country = z.enum(COUNTRIES, 'validation.countryRequired');
export const password = z
  .string()
  .min(1, 'validation.passwordRequired')
  .min(MIN_LENGTH.password, 'validation.passwordMin')
  .refine((value) => passwordByteLength(value) <= PASSWORD_MAX_BYTES, 'validation.passwordMax');

export const loginSchema = z.object({ email, password });

/** The forgot-password button reuses the login form's email with the same rule. */
export const forgotPasswordSchema = z.object({ email });

export const accountStepSchema = z
  .object({
    first_name: firstName,
    last_name: lastName,
    username,
    email,
    password,
    confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired'),
  })
  .refine((values) => values.confirmPassword === '' || values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    error: 'validation.passwordMismatch',
  });

export const profileStepSchema = z.object({
  profile_type: z.enum(PROFILE_TYPES, 'validation.profileTypeRequired'),
  contact_method: contactMethod,
  country,
});

export const experienceStepSchema = z.object({
  experience_description: z
    .string()
    .refine((text) => text.trim() !== '', 'validation.experienceRequired')
    .refine((text) => text.trim() === '' || text.trim().length >= MIN_LENGTH.experience, 'validation.experienceMin'),
  traffic_sources: z.array(z.enum(TRAFFIC_SOURCES)).min(1, 'validation.trafficSourcesRequired'),
  terms_accepted: z.literal(true, 'validation.termsRequired'),
});

export const REGISTRATION_STEPS = [accountStepSchema, profileStepSchema, experienceStepSchema] as const;
export type RegistrationStep = 0 | 1 | 2;


export const resetPasswordSchema = z
  .object({ password, confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired') })
  .refine((values) => values.confirmPassword === '' || values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    error: 'validation.passwordMismatch',
  });
