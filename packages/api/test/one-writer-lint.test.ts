/**
 * The lint rule `vigil/one-writer` (eslint-rules/one-writer.js, docs/architecture.md "Table
 * ownership"), run as `npx eslint` runs it: the repo's eslint.config.js from the repo root, with
 * type information. The probes (test/fixtures/lint-probes/) are ignored by a normal run, so they
 * are linted here with `ignore: false`; each is linted as the path its first line names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { tableOwners } from '../src/db/schema/owners';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const probes = path.join(import.meta.dirname, 'fixtures/lint-probes');
const crossProbe = path.join(probes, 'one-writer-probe.ts');
const ownProbe = path.join(probes, 'one-writer-own-probe.ts');

/** The lines of `file` marked `expect: vigil/one-writer`. */
function markedLines(file: string): number[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.includes('// expect: vigil/one-writer') ? [i + 1] : []));
}

describe('vigil/one-writer', () => {
  it('reports a write of another feature\'s table at its line, and nothing for the feature\'s own table', { timeout: 300_000 }, async () => {
    const eslint = new ESLint({ cwd: repoRoot, ignore: false });
    const [cross, own] = await eslint.lintFiles([crossProbe, ownProbe]);

    expect(cross!.messages.filter((m) => m.fatal)).toEqual([]);
    const reported = cross!.messages.filter((m) => m.ruleId === 'vigil/one-writer');
    expect(markedLines(crossProbe)).toHaveLength(2);
    expect(reported.map((m) => m.line)).toEqual(markedLines(crossProbe));
    for (const m of reported) {
      expect(m.message).toBe('"time_entries" belongs to time-tracking: call time-tracking\'s service through its index.ts (one writer per table, docs/architecture.md "Table ownership").');
    }

    expect(own!.messages.filter((m) => m.fatal)).toEqual([]);
    expect(own!.messages.filter((m) => m.ruleId === 'vigil/one-writer')).toEqual([]);
  });

  it('leaves the probes to this test: a normal run ignores them', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    expect(await eslint.isPathIgnored(crossProbe)).toBe(true);
    expect(await eslint.isPathIgnored(ownProbe)).toBe(true);
  });

  it('keeps the allow-list to existing files and mapped tables, each with a reason', () => {
    const { entries } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eslint-rules/one-writer.allow.json'), 'utf8')) as { entries: { file: string; table: string; why: string }[] };
    for (const entry of entries) {
      expect(fs.existsSync(path.join(repoRoot, entry.file)), entry.file).toBe(true);
      expect(tableOwners[entry.table], entry.table).toBeDefined();
      expect(entry.why.trim().length, `${entry.file} ${entry.table}`).toBeGreaterThan(20);
    }
    const pairs = entries.map((e) => `${e.file} ${e.table}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
