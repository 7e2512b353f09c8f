import { translateServerMessage } from '@affilux/contract';
import { fetchUtils, HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { getToken } from '../session/session';

export const API_URL = '/api/v1';

/**
 * fetchUtils.fetchJson with the session's bearer token. Errors reject with react-admin's HttpError,
 * whose message (what react-admin's notifications show) is the server's message in the back
 * office's language: the translation of its SERVER_MESSAGES code, else the message as sent.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(translateServerMessage(error.body, i18nProvider.getLocale(), error.message), error.status, error.body);
    }
    throw error;
  }
};
