/**
 * Every endpoint of the spec's list (docs/endpoints.txt, a copy of shared/spec/endpoints.txt) in
 * this sections is declared once in the contract with its exact method and path, and the
 * server registers a route for every declaration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@vigil/contract';
import { repoRoot } from '../src/config/index';
import { urlOf } from '../src/lib/route';
import { createTestApp, type TestApp } from './setup';

const FOUNDATION_SECTIONS = ['Auth', 'Reference data', 'User', 'Hospital (office)', 'Medical institution (organization)', 'Medical team', 'Metadata', 'Verifiers (reference value domains)'];

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
    if (/^(GET|POST|PUT|DELETE|PATCH) /.test(ep)) sections.get(current)?.push(ep);
  }
  return sections;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('contract coverage', () => {
  it("declares every endpoint of the foundation's sections exactly once, with the spec's method and path", () => {
    const sections = specEndpoints();
    const declared = allEndpoints.map((d) => `${d.method} ${d.path}`);
    let count = 0;
    for (const name of FOUNDATION_SECTIONS) {
      const list = sections.get(name);
      expect(list, `section ${name}`).toBeDefined();
      for (const ep of list!) {
        expect(declared.filter((d) => d === ep), ep).toHaveLength(1);
        count++;
      }
    }
    expect(count).toBe(88);
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
