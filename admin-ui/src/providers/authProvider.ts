import { BACK_OFFICE_ROLES, serverMessageCode, type ServerMessageCode } from '@affilux/contract';
import type { AuthProvider, HttpError } from 'react-admin';
import { clearToken, getToken, portalUrls } from '../session/session';
import type { User } from '../types';
import { API_URL, httpClient } from './httpClient';

/**
 * 403 answers that are about the session itself; any other 403 is a business rule the screen
 * reports. Recognised by their code (the message is translated by httpClient).
 */
const SESSION_FORBIDDEN_CODES = new Set<ServerMessageCode>(['insufficient_permissions', 'email_verification_required', 'account_frozen']);

let currentUser: { token: string; user: Promise<User> } | undefined;

/** GET /auth/me once per token: checkAuth, getIdentity and getPermissions all need it. */
const fetchCurrentUser = (token: string): Promise<User> => {
  if (currentUser?.token !== token) {
    const user = httpClient(`${API_URL}/auth/me`).then(({ json }) => (json as { user: User }).user);
    currentUser = { token, user };
    user.catch(() => {
      if (currentUser?.user === user) currentUser = undefined;
    });
  }
  return currentUser.user;
};

const requireCurrentUser = (): Promise<User> => {
  const token = getToken();
  return token ? fetchCurrentUser(token) : Promise.reject(new Error('No session'));
};

const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && typeof (error as Partial<HttpError>).status === 'number';

/** The back office is for admins and auditors (who only read); anyone else is sent to the portal's home page. */
const sendOthersHome = (user: User) => {
  const elsewhere = !BACK_OFFICE_ROLES.includes(user.role);
  if (elsewhere) window.location.replace(portalUrls.home());
  return elsewhere;
};

const toLogin = { redirectTo: portalUrls.login(), message: false } as const;

export const authProvider: AuthProvider = {
  // Signing in happens on the portal's /login page (see session.ts).
  login: () => Promise.reject(new Error('Sign in on the portal login page')),

  logout: async () => {
    clearToken();
    currentUser = undefined;
    return portalUrls.login();
  },

  checkAuth: async () => {
    const token = getToken();
    if (!token) throw { ...toLogin };
    let user: User;
    try {
      user = await fetchCurrentUser(token);
    } catch (error) {
      if (isHttpError(error) && error.status === 401) throw { ...toLogin };
      // The API being unreachable is not a reason to end the session: the screens report their own errors.
      return;
    }
    // Stay pending while the browser leaves, so nothing of the back office renders for an affiliate.
    if (sendOthersHome(user)) await new Promise<never>(() => undefined);
  },

  // A 401 means the server no longer accepts this session (password changed elsewhere, token
  // expired): sign out (react-admin then calls logout, which does the same) and go to the portal's
  // /login at once, instead of leaving the admin on a page whose every call fails.
  checkError: async (error: unknown) => {
    if (!isHttpError(error)) return;
    if (error.status === 401) {
      clearToken();
      currentUser = undefined;
      throw { ...toLogin };
    }
    const code = serverMessageCode(error.body);
    if (error.status === 403 && code && SESSION_FORBIDDEN_CODES.has(code)) {
      throw { logoutUser: false, redirectTo: portalUrls.home(), message: false };
    }
  },

  getIdentity: async () => {
    const user = await requireCurrentUser();
    return { id: user.id, fullName: `${user.first_name} ${user.last_name}`.trim() };
  },

  getPermissions: async () => {
    const user = await requireCurrentUser();
    sendOthersHome(user);
    return user.role;
  },
};
