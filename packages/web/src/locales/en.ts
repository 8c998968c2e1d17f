/**
 * Every English namespace but the two the entry carries (common, auth: the login page needs them at
 * once), keyed by file (`./en/patients.json`): one chunk, loaded once, on the first page that asks
 * for a feature namespace (lib/i18n.ts).
 */
export default import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/common.json', '!./en/auth.json'], { eager: true, import: 'default' });
