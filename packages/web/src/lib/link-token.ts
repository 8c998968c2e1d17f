import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/**
 * The bearer tokens that a page link carries (docs/security.md "Tokens stay out of addresses"):
 * share links (`/measurements#link=`), survey links (`/survey#token=`) and billing links
 * (`/billings#billinglink=`). They live in the URL fragment, which no browser sends to a server,
 * a proxy or a Referer header.
 */
export type LinkTokenName = 'link' | 'token' | 'billinglink';

const PENDING_KEY = 'vigil.pendingLinkToken';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

/** The value of `name` in the fragment (`#name=value&...`) of `location`, or null. */
function fromHash(location: Pick<Location, 'hash'>, name: string): string | null {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get(name);
}

/** The path and query of `location` without the link token `name` in the query (links e-mailed before carried it there). */
export function withoutLinkToken(location: Pick<Location, 'pathname' | 'search'>, name: LinkTokenName): string {
  const search = new URLSearchParams(location.search);
  search.delete(name);
  const rest = search.toString();
  return location.pathname + (rest ? `?${rest}` : '');
}

/**
 * Keeps a link token of a signed-in page (the billing link) across the sign-in detour: the login
 * redirect names the page's path only (`withoutLinkToken`), so the token waits in this tab's
 * sessionStorage (per tab, gone when the tab closes) until `useLinkToken` on that page takes it.
 */
export function stashLinkToken(location: Pick<Location, 'pathname' | 'search' | 'hash'>, name: LinkTokenName): void {
  const token = fromHash(location, name) ?? new URLSearchParams(location.search).get(name);
  if (!token || !TOKEN_SHAPE.test(token)) { return; }
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ path: location.pathname, name, token }));
  } catch {
    // storage refused (private mode): the link simply has to be opened again after sign-in
  }
}

/** The token stashed for `path` by `stashLinkToken`, or null (`useLinkToken` removes it once it is in the fragment). */
function pendingToken(path: string, name: LinkTokenName): string | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) { return null; }
    const pending = JSON.parse(raw) as { path?: unknown; name?: unknown; token?: unknown };
    if (pending.path !== path || pending.name !== name || typeof pending.token !== 'string') { return null; }
    return pending.token;
  } catch {
    return null;
  }
}

/**
 * The link token `name` of the current page: from the fragment; else from the query string of a
 * link e-mailed before the token moved (and then the address is rewritten at once so that the
 * token sits in the fragment and leaves the query, browser history included); else the one
 * `stashLinkToken` kept across sign-in. Null when there is none or it is not token-shaped.
 */
export function useLinkToken(name: LinkTokenName): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const inQuery = new URLSearchParams(location.search).get(name);
  const inHash = fromHash(location, name);
  const token = useMemo(() => {
    const found = inHash ?? inQuery ?? pendingToken(location.pathname, name);
    return found && TOKEN_SHAPE.test(found.trim()) ? found.trim() : null;
  }, [inHash, inQuery, location.pathname, name]);
  useEffect(() => {
    if (!token) { return; }
    if (inHash === token) {
      try { sessionStorage.removeItem(PENDING_KEY); } catch { /* nothing was stashed */ }
      return;
    }
    const search = new URLSearchParams(location.search);
    search.delete(name);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: `#${name}=${token}` }, { replace: true });
  }, [token, inHash, location, name, navigate]);
  return token;
}

/** Drops `name` from the fragment (a single-use link once used), keeping the rest of the address. */
export function useDropLinkToken(name: LinkTokenName): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    hash.delete(name);
    const rest = hash.toString();
    void navigate({ pathname: location.pathname, search: location.search, hash: rest ? `#${rest}` : '' }, { replace: true });
  };
}
