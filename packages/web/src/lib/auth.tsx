import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { languageFromStored, type SignInResult, type User } from '@vigil/contract';
import { setSessionGuid } from './api-client';
import i18n, { writeLangCookie } from './i18n';
import { clearSelectedOffice, initSelectedOffice } from './office';

const STORAGE_KEY = 'vigil.session';

export interface StoredSession {
  sessionGuid: string;
  expiresAt: string;
  user: User;
}

function readStored(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) { return null; }
    const s = JSON.parse(raw) as StoredSession;
    if (new Date(s.expiresAt).getTime() <= Date.now()) { return null; }
    return s;
  } catch {
    return null;
  }
}

// The stored session's guid is set as this module loads, so that calls started before the first
// render (the router's first loader, app/router.tsx) carry it; AuthProvider keeps it in step after.
setSessionGuid(readStored()?.sessionGuid ?? null);

interface AuthValue {
  session: StoredSession | null;
  user: User | null;
  /** Stores the session and user after sign-in (spec section 4). */
  signedIn(result: SignInResult): void;
  /**
   * Clears local storage, session and user (spec section 4). `onPurpose`: the user signed out
   * themselves, so the login page keeps no memory of their last page for the next person.
   */
  logout(opts?: { onPurpose?: boolean }): void;
  /** True after a sign-out on purpose, until the next sign-in. */
  signedOutOnPurpose: boolean;
  updateUser(user: User): void;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Holds the signed-in session; initialised once from local storage on the first navigation. */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Query keys derive from the endpoint call (lib/endpoint-keys.ts), not from who asks: a session
  // ending forgets every cached answer, so the next user never sees the previous one's data.
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoredSession | null>(() => {
    const s = readStored();
    setSessionGuid(s?.sessionGuid ?? null);
    return s;
  });

  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  const signedIn = useCallback((result: SignInResult) => {
    const s: StoredSession = { sessionGuid: result.session.sessionGuid, expiresAt: result.session.expiresAt, user: result.user };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
    setSessionGuid(s.sessionGuid);
    queryClient.clear();
    initSelectedOffice(result.user);
    // The user's stored language wins at sign-in, unless they chose one on the login page.
    const lang = languageFromStored(result.user.language);
    if (!document.cookie.includes('vigil_lang=')) {
      writeLangCookie(lang);
      void i18n.changeLanguage(lang);
    }
    setSignedOutOnPurpose(false);
    setSession(s);
  }, [queryClient]);

  const logout = useCallback((opts?: { onPurpose?: boolean }) => {
    setSignedOutOnPurpose(opts?.onPurpose === true);
    localStorage.clear();
    clearSelectedOffice();
    setSessionGuid(null);
    queryClient.clear();
    setSession(null);
  }, [queryClient]);

  const updateUser = useCallback((user: User) => {
    setSession((prev) => {
      if (!prev) { return prev; }
      const next = { ...prev, user };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const value = useMemo(
    () => ({ session, user: session?.user ?? null, signedIn, logout, signedOutOnPurpose, updateUser }),
    [session, signedIn, logout, signedOutOnPurpose, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const ctx = useContext(AuthContext);
  if (!ctx) { throw new Error('useAuth outside AuthProvider'); }
  return ctx;
}
