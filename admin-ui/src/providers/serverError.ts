import { translateServerMessage, type ErrorBody } from '@affilux/contract';
import { HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';

const errorBody = (error: unknown): Partial<ErrorBody> | undefined =>
  error instanceof HttpError && error.body && typeof error.body === 'object' ? (error.body as Partial<ErrorBody>) : undefined;

/**
 * The API's message for a failed call, in the back office's language (the translation of its
 * SERVER_MESSAGES code, else the message as sent), when it sent one. Every API error is
 * `{ message, code?, errors? }`.
 */
export const serverMessage = (error: unknown): string | undefined => {
  const body = errorBody(error);
  return body ? translateServerMessage(body, i18nProvider.getLocale(), '') || undefined : undefined;
};

/** The `msg` of each failing field of a 400 answer, or an empty list. */
export const validationMessages = (error: unknown): string[] =>
  (errorBody(error)?.errors ?? []).map((item) => item.msg);
