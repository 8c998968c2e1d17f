import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No raw translation key on a screen (docs/first-day.md): every literal key a component passes to
// `t('...')` exists in both languages. The namespace is the one the component's `useTranslation`
// names for that `t` (or `ns:key`); plural keys exist as `key_one` / `key_other`. Keys built at run
// time (template strings, variables) are outside this check.
const src = path.resolve(__dirname, '..');
const locales = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { return e.name === 'locales' || e.name === 'testing' ? [] : sourceFiles(p); }
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const catalogues = new Map<string, unknown>();
function catalogue(lang: string, ns: string): unknown {
  const key = `${lang}/${ns}`;
  if (!catalogues.has(key)) {
    const file = path.join(locales, lang, `${ns}.json`);
    catalogues.set(key, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
  }
  return catalogues.get(key);
}

function has(tree: unknown, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node = tree;
  for (const p of parts) {
    if (!node || typeof node !== 'object') { return false; }
    node = (node as Record<string, unknown>)[p];
  }
  if (!node || typeof node !== 'object') { return false; }
  const o = node as Record<string, unknown>;
  return last in o || (`${last}_one` in o && `${last}_other` in o);
}

/**
 * Every `t('key'` call of a file with the namespace it resolves to: a call belongs to the nearest
 * `useTranslation` above it (components follow each other in a file), whose first namespace is the
 * default (`useTranslation()` is `common`, i18n.ts defaultNS); calls above the first hook are skipped.
 */
function keysOf(file: string): { ns: string; key: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const hook = /\{\s*t(?:\s*:\s*(\w+))?\s*(?:,[^}]*)?\}\s*=\s*useTranslation\(([^)]*)\)/g;
  // A namespace passed as a variable (a shared component's `ns` prop) is not checked here: null.
  const nsOf = (arg: string) => (arg.trim() === '' ? 'common' : (/^\s*\[?\s*'([\w-]+)'/.exec(arg)?.[1] ?? null));
  const hooks = [...text.matchAll(hook)].map((m) => ({ at: m.index, fn: m[1] ?? 't', ns: nsOf(m[2]!) }));
  const found: { ns: string; key: string }[] = [];
  hooks.forEach((h, i) => {
    if (h.ns === null) { return; }
    const end = hooks.slice(i + 1).find((o) => o.fn === h.fn)?.at ?? text.length;
    const call = new RegExp(`(?<![\\w.])${h.fn}\\(\\s*'([^'$]+)'`, 'g');
    for (const c of text.slice(h.at, end).matchAll(call)) {
      const raw = c[1]!;
      const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [h.ns!, raw];
      found.push({ ns, key });
    }
  });
  return found;
}

describe('translation keys', () => {
  it('every literal key a component uses exists in English and Spanish', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      for (const { ns, key } of keysOf(file)) {
        for (const lang of ['en', 'es']) {
          if (!has(catalogue(lang, ns), key)) { missing.push(`${path.relative(src, file)}: ${lang}/${ns}.json ${key}`); }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
