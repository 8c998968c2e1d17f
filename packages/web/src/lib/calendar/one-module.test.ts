import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web has one calendar module (docs/dates.md "One calendar module"): every zone, "today", day
// boundary and date-time format goes through lib/calendar, so no screen shows the browser's clock
// by accident. This scan fails on the date APIs that read or format in the browser's zone, or a
// date library, anywhere else in packages/web/src (tests excepted).
const src = path.resolve(import.meta.dirname, '../..');
const forbidden: [RegExp, string][] = [
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat'],
  [/\.toLocale(Date|Time)String\(/, 'toLocaleDateString / toLocaleTimeString'],
  [/from 'dayjs/, 'a dayjs import'],
  [/\.(getTimezoneOffset|getHours|getDate|getMonth|getFullYear)\(\)/, "a Date getter in the browser's zone"],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) { return full.includes(`${path.sep}lib${path.sep}calendar`) ? [] : sources(full); }
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('the one calendar module', () => {
  it('is the only place that reads or formats dates in a time zone', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [pattern, what] of forbidden) {
          if (pattern.test(line)) { found.push(`${path.relative(src, file)}:${i + 1} uses ${what}; use lib/calendar`); }
        }
      });
    }
    expect(found).toEqual([]);
  });
});
