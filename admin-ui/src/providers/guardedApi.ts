import { useMemo } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { API_URL, httpClient } from './httpClient';

/** A JSON call to the API with the session's token; a failure rejects with react-admin's HttpError (body included). */
export const callApi = async <T,>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<T> =>
  (await httpClient(`${API_URL}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), ...(headers ? { headers: { Accept: 'application/json', ...headers } } : {}) })).json as T;

type Calls = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A folder's API calls with react-admin's session handling (authProvider.checkError), as
 * useAffiluxActions does for the applications: a call whose error ends the session never settles
 * (the browser is leaving for /login or /), any other error is the screen's to report.
 */
export const useGuardedApi = <C extends Calls>(calls: C): C => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(() => {
    const guarded = Object.entries(calls).map(([name, call]) => [
      name,
      async (...args: never[]) => {
        try {
          return await call(...args);
        } catch (error) {
          if (await logoutIfAccessDenied(error)) return new Promise(() => undefined);
          throw error;
        }
      },
    ]);
    return Object.fromEntries(guarded) as C;
  }, [calls, logoutIfAccessDenied]);
};
