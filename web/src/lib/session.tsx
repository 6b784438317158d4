import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { setLanguage } from '../i18n';
import { TOKEN_KEY } from '../api/token';
import { onSessionEnded } from '../api/sessionEnd';
import type * as accounts from '../api/session';

// The API client loads only when there is a session to check or end: visitors of the public site
// without one do not download it.
const accountsApi = () => import('../api/session');

/**
 * What else signing out clears in this browser, given by the app (the session knows no feature):
 * `device` runs while the session still opens doors (the server forgets this browser's push), `data`
 * after it is gone (the installable app's caches).
 */
export interface Forgetting {
  device: () => Promise<void>;
  data: () => Promise<void>;
}

const NOTHING_TO_FORGET: Forgetting = { device: async () => {}, data: async () => {} };

interface Session {
  user: accounts.User | null;
  loading: boolean;
  /** Stores a new session (after sign-in or registration). */
  signIn: (token: string, user: accounts.User) => void;
  /** Replaces the stored user (after the profile is saved); the token stays. */
  updateUser: (user: accounts.User) => void;
  signOut: () => Promise<void>;
  /** Drops the session in this browser only, when the server has already ended it (account closed). */
  forget: () => void;
  /**
   * The server no longer knows the session (ended elsewhere, expired) or another tab signed out:
   * the page stays on screen while the app offers to sign in again.
   */
  ended: boolean;
  /** The person signed out in this tab: no page is waiting for them when they sign in again. */
  left: boolean;
}

const SessionContext = createContext<Session | null>(null);

function userOf(answer: accounts.User): accounts.User {
  const { _id, nombre, apellido, email, emailVerificado, telefono, foto, language, zonaHoraria } = answer;
  return { _id, nombre, apellido, email, emailVerificado, telefono, foto, language, zonaHoraria };
}

/** Spec §4: a stored token is checked once at start; a token that fails is dropped silently. */
export function SessionProvider({ children, forgetting = NOTHING_TO_FORGET }: { children: ReactNode; forgetting?: Forgetting }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<accounts.User | null>(null);
  const [loading, setLoading] = useState(() => typeof window !== 'undefined' && window.localStorage.getItem(TOKEN_KEY) !== null);

  useEffect(() => {
    if (!window.localStorage.getItem(TOKEN_KEY)) return;
    let cancelled = false;
    accountsApi()
      .then((api) => api.fetchProfile(t('errors.generic')))
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

  const [ended, setEnded] = useState(false);
  const [left, setLeft] = useState(false);
  const signedIn = useRef(false);
  // Set as the page commits, not after: an ending heard between the signed-in page's first paint
  // and a later effect must still count.
  useLayoutEffect(() => {
    signedIn.current = user !== null;
  }, [user]);
  useEffect(() => {
    // Only a session this tab holds can end: a stale token checked at start is dropped silently.
    const end = () => {
      if (signedIn.current) setEnded(true);
    };
    const stopListening = onSessionEnded(end);
    const fromAnotherTab = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue === null) end();
    };
    window.addEventListener('storage', fromAnotherTab);
    return () => {
      stopListening();
      window.removeEventListener('storage', fromAnotherTab);
    };
  }, []);

  const signIn = useCallback((token: string, next: accounts.User) => {
    window.localStorage.setItem(TOKEN_KEY, token);
    setUser(userOf(next));
    setEnded(false);
    setLeft(false);
    setLoading(false);
    if (next.language === 'es' || next.language === 'en') setLanguage(next.language);
  }, []);

  const updateUser = useCallback((next: accounts.User) => setUser(userOf(next)), []);

  const signOut = useCallback(async () => {
    await forgetting.device();
    try {
      await (await accountsApi()).logout('');
    } catch {
      // The local session ends whatever the server said.
    }
    window.localStorage.removeItem(TOKEN_KEY);
    setLeft(true);
    setUser(null);
    void forgetting.data();
  }, [forgetting]);

  const forget = useCallback(() => {
    window.localStorage.removeItem(TOKEN_KEY);
    setLeft(true);
    setUser(null);
    setEnded(false);
    void forgetting.data();
  }, [forgetting]);

  const value = useMemo(
    () => ({ user, loading, signIn, updateUser, signOut, forget, ended, left }),
    [user, loading, signIn, updateUser, signOut, forget, ended, left],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
