/**
 * Every Spanish namespace but the two the entry carries (common, auth: the login page needs them at
 * once), keyed by file (`./es/patients.json`): one chunk, loaded once, on the first page that asks
 * for a feature namespace (lib/i18n.ts).
 */
export default import.meta.glob<Record<string, unknown>>(['./es/*.json', '!./es/common.json', '!./es/auth.json'], { eager: true, import: 'default' });
