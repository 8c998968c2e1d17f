/**
 * A real OpenID provider for the SSO tests (docs/security.md "Single sign-on"): the certified
 * `oidc-provider` (node-oidc-provider) on 127.0.0.1 with one confidential client, its development
 * login and consent pages, back-channel logout and refresh tokens, and a `findAccount` the test
 * controls (an account the test disables is unknown to the provider from then on, as a directory
 * that disabled a user). And a minimal browser: fetch with manual redirects and a cookie jar.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  givenName: string;
  familyName: string;
  enabled: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close: () => Promise<void>;
}

/** Starts the provider for a Vigil at `vigilBase` whose organization `organizationId` uses it. */
export async function startTestProvider(vigilBase: string, organizationId: number): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'vigil-portal';
  const clientSecret = 'a-test-client-secret-that-is-long-enough-0123456789';
  // The issuer is known once the server listens: listen first on a free port, then build the provider.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${vigilBase}/api/sso/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        backchannel_logout_uri: `${vigilBase}/api/sso/backchannel-logout/${organizationId}`,
        backchannel_logout_session_required: true,
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account || !account.enabled) { return undefined; }
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, given_name: account.givenName, family_name: account.familyName, name: `${account.givenName} ${account.familyName}` }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: { devInteractions: { enabled: true }, backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    issueRefreshToken: async () => true,
    // The provider refuses to call special-use addresses (its SSRF guard); this test's Vigil is on 127.0.0.1.
    fetch: (url, options) => {
      const { dispatcher: _guard, ...rest } = (options ?? {}) as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
  });
  const callback = provider.callback();
  handler = (req, res) => { void callback(req, res); };
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A browser: a cookie jar (by name; cookies ignore ports, as in a browser) and fetch with manual redirects. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') { this.cookies.delete(name); } else { this.cookies.set(name, value); }
    }
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) { headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '); }
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** Follows redirects from `url` until an answer that is not one, or until `stopAt` matches the next URL (not fetched). */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}, stopAt?: (next: URL) => boolean): Promise<{ url: string; res: Response | null }> {
    let current = url;
    let res = await this.request(current, init);
    for (let hops = 0; hops < 20 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location')!, current);
      if (stopAt?.(next)) { return { url: next.href, res: null }; }
      current = next.href;
      res = await this.request(current);
    }
    return { url: current, res };
  }
}

/** The first form of an HTML page: its absolute action and its hidden fields. */
export function formOf(html: string, pageUrl: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) { throw new Error(`no form on ${pageUrl}: ${html.slice(0, 300)}`); }
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) { fields[name] = value.replace(/&amp;/g, '&'); }
  }
  return { action: new URL(form[1]!.replace(/&amp;/g, '&'), pageUrl).href, fields };
}
