import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKEN_KEY } from '../../api/client';
import { setLanguage } from '../../i18n';
import * as accounts from './api';

interface Session {
  user: accounts.User | null;
  loading: boolean;
  /** Stores a new session (after sign-in or registration). */
  signIn: (token: string, user: accounts.User) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function userOf(answer: accounts.User): accounts.User {
  const { _id, nombre, apellido, email, telefono, foto, language } = answer;
  return { _id, nombre, apellido, email, telefono, foto, language };
}

/** Spec §4: a stored token is checked once at start; a token that fails is dropped silently. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<accounts.User | null>(null);
  const [loading, setLoading] = useState(() => typeof window !== 'undefined' && window.localStorage.getItem(TOKEN_KEY) !== null);

  useEffect(() => {
    if (!window.localStorage.getItem(TOKEN_KEY)) return;
    let cancelled = false;
    accounts
      .fetchProfile(t('errors.generic'))
      .then((answer) => {
        if (!cancelled) setUser(userOf(answer));
      })
      .catch(() => {
        window.localStorage.removeItem(TOKEN_KEY);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // Only at start: later changes go through signIn and signOut.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signIn = useCallback((token: string, next: accounts.User) => {
    window.localStorage.setItem(TOKEN_KEY, token);
    setUser(userOf(next));
    setLoading(false);
    if (next.language === 'es' || next.language === 'en') setLanguage(next.language);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await accounts.logout('');
    } catch {
      // The local session ends whatever the server said.
    }
    window.localStorage.removeItem(TOKEN_KEY);
    setUser(null);
  }, []);

  const value = useMemo(() => ({ user, loading, signIn, signOut }), [user, loading, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
