import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';

/** The namespace files of one language on disk, but common and auth (the entry carries those: lib/i18n.ts). */
const featureFiles = (lang: string) =>
  fs
    .readdirSync(path.join(__dirname, lang))
    .filter((f) => f.endsWith('.json') && f !== 'common.json' && f !== 'auth.json')
    .map((f) => `./${lang}/${f}`)
    .sort();

describe('translation bundles (one chunk per language, lib/i18n.ts)', () => {
  it('holds every feature namespace of its language, keyed by file, and not common or auth', () => {
    expect(Object.keys(en).sort()).toEqual(featureFiles('en'));
    expect(Object.keys(es).sort()).toEqual(featureFiles('es'));
  });

  it('holds each file as it is on disk', () => {
    const file = './es/patientDetails.json';
    expect(es[file]).toEqual(JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')));
  });

  it('gives Spanish and English the same namespaces', () => {
    expect(Object.keys(es).map((f) => f.replace('./es/', '')).sort()).toEqual(Object.keys(en).map((f) => f.replace('./en/', '')).sort());
  });
});
