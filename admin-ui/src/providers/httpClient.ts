import { fetchUtils } from 'react-admin';
import { getToken } from '../session/session';

export const API_URL = '/api/v1';

/** fetchUtils.fetchJson with the session's bearer token. Errors reject with react-admin's HttpError. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};
