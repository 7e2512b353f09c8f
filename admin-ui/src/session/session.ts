/**
 * The session contract shared with the portal (affiliate-ui): the JWT lives in localStorage under
 * `token`, and signing in happens on the portal's /login page, which is another app. Leaving the
 * back office is therefore a full page load, not a react-router navigation.
 */
import { TOKEN_KEY } from '@affilux/contract';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** Absolute URLs, so react-admin hands them to `window.location` instead of its own router. */
export const portalUrls = {
  login: () => new URL('/login', window.location.origin).href,
  home: () => new URL('/', window.location.origin).href,
};
