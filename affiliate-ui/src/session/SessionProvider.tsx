import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, TOKEN_KEY } from '../api/client';
import type { User } from '../api/types';

export interface Session {
  token: string | null;
  user: User | null;
  /** True from start-up until the stored token (if any) has been checked with GET /auth/me. */
  loading: boolean;
  login(email: string, password: string): Promise<User>;
  logout(): void;
  /** Re-runs the current-user check (after a profile change, an email verification...). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Session state of spec section 4: signed in means both token and user are set. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);

  const clear = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
  }, []);

  const refresh = useCallback(async () => {
    if (!localStorage.getItem(TOKEN_KEY)) {
      clear();
      return;
    }
    try {
      const { user: current } = await api<{ user: User }>('/auth/me');
      setUser(current);
    } catch (error) {
      console.error('Current-user check failed', error);
      clear();
    }
  }, [clear]);

  useEffect(() => {
    void refresh().finally(() => setLoading(false));
  }, [refresh]);

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const answer = await api<{ token: string; user: User }>('/auth/login', { body: { email, password } });
        localStorage.setItem(TOKEN_KEY, answer.token);
        setToken(answer.token);
        setUser(answer.user);
        toast.success(t('session.loginSuccess', { name: answer.user.first_name }));
        return answer.user;
      } catch (error) {
        toast.error(errorMessage(error, t('session.loginFailed')));
        throw error;
      }
    },
    [t],
  );

  const logout = useCallback(() => {
    clear();
    toast.success(t('session.logoutSuccess'));
  }, [clear, t]);

  const value = useMemo<Session>(() => ({ token, user, loading, login, logout, refresh }), [token, user, loading, login, logout, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
