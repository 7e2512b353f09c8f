import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, bodyMessage, onSessionEnded, TOAST_DURATION, toastError, toastSuccess, TOKEN_KEY } from '../api/client';
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
  /** The user as a profile or email change answered it. */
  replaceUser(user: User): void;
  /** The token a password change answered: the sessions opened before it have ended. */
  replaceToken(token: string): void;
}

const SessionContext = createContext<Session | null>(null);

/** One toast for a session the server ended, however many calls were refused at once. */
const SESSION_ENDED_TOAST = 'session-ended';

/** Session state of spec section 4: signed in means both token and user are set. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const userRef = useRef<User | null>(null);
  userRef.current = user;

  const clear = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
  }, []);

  // A 401 to a call made with the stored token: the server no longer accepts this session (its
  // password was changed elsewhere, it expired). Sign out and go to /login at once, saying why once.
  // A token replaced since the call was sent (this tab changed the password) is not affected, and the
  // start-up check of a stale token only signs out (spec: "the session becomes signed out").
  useEffect(() => {
    onSessionEnded((sentToken, body) => {
      if (localStorage.getItem(TOKEN_KEY) !== sentToken) return;
      const wasSignedIn = userRef.current !== null;
      clear();
      if (!wasSignedIn) return;
      toast.error(bodyMessage(body, t('session.ended')), { id: SESSION_ENDED_TOAST, duration: TOAST_DURATION.error });
      navigate('/login', { replace: true });
    });
    return () => onSessionEnded(undefined);
  }, [clear, navigate, t]);

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
        // A frozen account is not welcomed: the frozen screen tells it what happened.
        if (!answer.user.is_frozen) toastSuccess(t('session.loginSuccess', { name: answer.user.first_name }));
        return answer.user;
      } catch (error) {
        toastError(error, t('session.loginFailed'));
        throw error;
      }
    },
    [t],
  );

  const logout = useCallback(() => {
    clear();
    toastSuccess(t('session.logoutSuccess'));
  }, [clear, t]);

  const replaceUser = useCallback((next: User) => setUser(next), []);
  const replaceToken = useCallback((next: string) => {
    localStorage.setItem(TOKEN_KEY, next);
    setToken(next);
  }, []);

  const value = useMemo<Session>(
    () => ({ token, user, loading, login, logout, refresh, replaceUser, replaceToken }),
    [token, user, loading, login, logout, refresh, replaceUser, replaceToken],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
