import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { stashLinkToken, useLinkToken, withoutLinkToken } from './link-token';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

function renderAt(url: string, name: 'link' | 'token' | 'billinglink') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ token: useLinkToken(name), location: useLocation() }), { wrapper });
}

afterEach(() => sessionStorage.clear());

describe('link tokens stay in the fragment (docs/security.md "Tokens stay out of addresses")', () => {
  it('reads the token from the fragment and leaves the address as it is', () => {
    const { result } = renderAt(`/measurements#link=${TOKEN}`, 'link');
    expect(result.current.token).toBe(TOKEN);
    expect(result.current.location.search).toBe('');
    expect(result.current.location.hash).toBe(`#link=${TOKEN}`);
  });

  it('moves the token of a link sent before from the query string into the fragment', async () => {
    const { result } = renderAt(`/survey?token=${TOKEN}&lang=es`, 'token');
    await act(async () => undefined);
    expect(result.current.token).toBe(TOKEN);
    expect(result.current.location.search).toBe('?lang=es');
    expect(result.current.location.hash).toBe(`#token=${TOKEN}`);
  });

  it('answers null for a value that is not token-shaped', () => {
    expect(renderAt('/measurements#link=<script>', 'link').result.current.token).toBeNull();
    expect(renderAt('/measurements', 'link').result.current.token).toBeNull();
  });

  it('keeps a billing link across sign-in in sessionStorage, never in the login redirect', async () => {
    const location = { pathname: '/billings', search: '?month=2026-05', hash: `#billinglink=${TOKEN}` };
    expect(withoutLinkToken({ pathname: '/billings', search: `?billinglink=${TOKEN}&month=2026-05` }, 'billinglink')).toBe('/billings?month=2026-05');
    stashLinkToken(location, 'billinglink');
    const { result } = renderAt('/billings?month=2026-05', 'billinglink');
    await act(async () => undefined);
    expect(result.current.token).toBe(TOKEN);
    expect(result.current.location.hash).toBe(`#billinglink=${TOKEN}`);
    await act(async () => undefined);
    expect(sessionStorage.length).toBe(0);
    // Another page does not take it.
    stashLinkToken(location, 'billinglink');
    expect(renderAt('/patients', 'billinglink').result.current.token).toBeNull();
  });
});
