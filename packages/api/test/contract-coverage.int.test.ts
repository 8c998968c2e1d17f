/**
 * Every implemented section of the spec's list (../shared/spec/endpoints.txt, else its copy
 * docs/endpoints.txt) is declared whole: a section counts as implemented when the contract declares
 * any of its endpoints, and then each of its endpoints is declared exactly once with the spec's
 * method and path. The server registers a route for every declaration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@vigil/contract';
import { repoRoot } from '../src/config/index';
import { urlOf } from '../src/lib/route';
import { createTestApp, type TestApp } from './setup';

/** The sections that were implemented first (the foundation): they must stay implemented. */
const FOUNDATION_SECTIONS = ['Auth', 'Reference data', 'User', 'Hospital (office)', 'Medical institution (organization)', 'Medical team', 'Metadata', 'Verifiers (reference value domains)'];

/**
 * Endpoints of an implemented section that belong to a later area of the product (chat and video
 * calls, spec section 1), named one by one. The test fails when one of them gets declared, so the
 * list only shrinks: delete the line when you declare the endpoint.
 */
const PENDING = new Set<string>([]);

const isPending = (ep: string): boolean => PENDING.has(ep);

function specEndpoints(): Map<string, string[]> {
  const shared = path.join(repoRoot, '../shared/spec/endpoints.txt');
  const text = fs.readFileSync(fs.existsSync(shared) ? shared : path.join(repoRoot, 'docs/endpoints.txt'), 'utf8');
  const sections = new Map<string, string[]>();
  let current = '';
  for (const line of text.split('\n')) {
    const heading = line.match(/^## (.+)$/);
    if (heading) {
      current = heading[1]!.trim();
      sections.set(current, []);
      continue;
    }
    const ep = line.replace(/#.*$/, '').trim();
    if (/^(GET|POST|PUT|DELETE|PATCH) /.test(ep)) { sections.get(current)?.push(ep); }
  }
  return sections;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('contract coverage', () => {
  it('declares every endpoint of every implemented section exactly once, with the spec method and path', () => {
    const sections = specEndpoints();
    const declared = allEndpoints.map((d) => `${d.method} ${d.path}`);
    const implemented = [...sections].filter(([, list]) => list.some((ep) => declared.includes(ep)));
    for (const name of FOUNDATION_SECTIONS) { expect(implemented.map(([n]) => n), `section ${name}`).toContain(name); }
    for (const [name, list] of implemented) {
      for (const ep of list) { expect(declared.filter((d) => d === ep), `${name}: ${ep}`).toHaveLength(isPending(ep) ? 0 : 1); }
    }
    expect(implemented.length).toBeGreaterThan(FOUNDATION_SECTIONS.length);
  });

  it('declares nothing twice', () => {
    const declared = allEndpoints.map((d) => `${d.method} ${d.path}`);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('registers a route for every declaration', () => {
    for (const def of allEndpoints) {
      expect(t.app.hasRoute({ method: def.method, url: urlOf(def) }), `${def.method} ${def.path}`).toBe(true);
    }
  });
});
