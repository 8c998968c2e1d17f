import type { TimeZoneOption, Verifier, VerifierBody, VerifierPage, VerifierPageQuery, VerifierUpdateBody, VerifiersByDomain } from '@vigil/contract';
import type { AppContext } from '../../context';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import * as repo from './verifiers.repo';
import { findCategoryCodes } from '../diagnoses/index';
import { catalogueDb } from '../../db/handles';

const ICD_DOMAIN = 'ICD_10_MAIN_CODES';

const duplicate = () => new AppError('conflict', 'duplicateVerifier', {}, { lowValue: 'duplicateVerifier' });
const inUse = () => AppError.conflict('verifierInUse');

function toVerifier(row: repo.VerifierRow): Verifier {
  return {
    id: row.id,
    rvDomain: row.rvDomain,
    lowValue: row.lowValue,
    highValue: row.highValue,
    longDescription: row.longDescription,
    longDescriptionEsp: row.longDescriptionEsp,
    parentLowValue: row.parentLowValue,
    sortOrder: row.sortOrder,
    status: row.status,
  };
}

/** The distinct domain names, alphabetical (GET verifier/dinstinctDomains). */
export function findDistinctDomains(ctx: AppContext): Promise<string[]> {
  return repo.findDistinctDomains(catalogueDb(ctx.db));
}

/** A page of verifiers (GET verifier/getallverifiers): all statuses unless `status` is given. */
export async function findVerifiers(ctx: AppContext, query: VerifierPageQuery): Promise<VerifierPage> {
  const { items, total } = await repo.findVerifierPage(catalogueDb(ctx.db), query);
  return { items: items.map(toVerifier), total, page: query.page, pageSize: query.pageSize };
}

/** Active values of one domain by sortOrder then description; [] for an unknown domain. */
export async function findForDomain(ctx: AppContext, domain: string): Promise<Verifier[]> {
  return (await repo.findActiveInDomains(catalogueDb(ctx.db), [domain])).map(toVerifier);
}

/**
 * Active values of several domains as a map domain -> values (each by sortOrder then
 * description). Every requested domain is a key, in the order asked, with [] when it has none.
 */
export async function findForDomains(ctx: AppContext, domains: string[]): Promise<VerifiersByDomain> {
  const out: VerifiersByDomain = Object.fromEntries(domains.map((d) => [d, [] as Verifier[]]));
  for (const row of await repo.findActiveInDomains(catalogueDb(ctx.db), domains)) { out[row.rvDomain]?.push(toVerifier(row)); }
  return out;
}

/** rvDomain of the entries that are codes of the loaded ICD-10-CM release, not verifier rows (their id is 0). */
export const ICD10CM_CODE_DOMAIN = 'ICD10CM_CODE';

/**
 * ICD-10-CM lookup (GET verifier/getdiagnosesbycategorycode): a chapter range ("I00-I99") gives
 * its active three-character categories by code; a category ("E11") gives itself (the
 * ICD_10_MAIN_CODES verifier, else the loaded release's category) followed by its billable codes
 * in the loaded release (features/diagnoses), each as
 * { id: 0, rvDomain: 'ICD10CM_CODE', lowValue: 'E11.9', highValue: 'billable', parentLowValue: 'E11', ... }
 * (the diagnoses a patient's problem list may carry). `code` is already upper-case. A code that
 * neither the verifiers nor the release know: 404 "No diagnosis data!".
 */
export async function findDiagnosesByCategoryCode(ctx: AppContext, code: string): Promise<Verifier[]> {
  const row = await repo.getByDomainValue(catalogueDb(ctx.db), ICD_DOMAIN, code);
  if (row && row.parentLowValue === '') { return (await repo.findActiveChildren(catalogueDb(ctx.db), ICD_DOMAIN, row.lowValue)).map(toVerifier); }
  const release = code.includes('-') ? null : await findCategoryCodes(ctx.db, code);
  if (!row && !release?.category) { throw AppError.notFound('noDiagnosisData'); }
  const codeEntry = (c: { code: string; description: string }, i: number): Verifier => ({
    id: 0,
    rvDomain: ICD10CM_CODE_DOMAIN,
    lowValue: c.code,
    highValue: 'billable',
    longDescription: c.description,
    longDescriptionEsp: '',
    parentLowValue: code,
    sortOrder: i + 1,
    status: 1,
  });
  const head = row ? toVerifier(row) : { ...codeEntry(release!.category!, -1), highValue: '', parentLowValue: '' };
  return [head, ...(release?.codes ?? []).map(codeEntry)];
}

/** One verifier; 404 "Invalid id" when there is none. */
export async function getVerifier(ctx: AppContext, id: number): Promise<Verifier> {
  const row = await repo.getVerifier(catalogueDb(ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return toVerifier(row);
}

/** Creates a verifier; 409 when its domain already has that lowValue. */
export async function createVerifier(ctx: AppContext, body: VerifierBody): Promise<Verifier> {
  if (await repo.getByDomainValue(catalogueDb(ctx.db), body.rvDomain, body.lowValue)) { throw duplicate(); }
  try {
    const row = await repo.insertVerifier(catalogueDb(ctx.db), {
      rvDomain: body.rvDomain,
      lowValue: body.lowValue,
      highValue: body.highValue ?? '',
      longDescription: body.longDescription,
      longDescriptionEsp: body.longDescriptionEsp ?? '',
      parentLowValue: body.parentLowValue ?? '',
      sortOrder: body.sortOrder ?? 0,
      status: body.status ?? 1,
    });
    return toVerifier(row);
  } catch (error) {
    if (isUniqueViolation(error)) { throw duplicate(); }
    throw error;
  }
}

/**
 * Updates a verifier; optional fields left out keep their value. 404 when it does not exist, 400
 * when the body repeats a different id, 409 when the domain already has that lowValue or when a
 * value in use by a doctor would move to another domain.
 */
export async function updateVerifier(ctx: AppContext, id: number, body: VerifierUpdateBody): Promise<Verifier> {
  if (body.id !== undefined && body.id !== id) { throw AppError.badRequest('invalid', { id: 'invalid' }); }
  try {
    return await ctx.db.transaction(async (tx) => {
      const current = await repo.getVerifier(catalogueDb(tx), id);
      if (!current) { throw AppError.notFound(); }
      if (await repo.getByDomainValue(catalogueDb(tx), body.rvDomain, body.lowValue, id)) { throw duplicate(); }
      if (body.rvDomain !== current.rvDomain && (await repo.isInUse(catalogueDb(tx), id))) { throw inUse(); }
      const row = await repo.updateVerifier(catalogueDb(tx), id, {
        rvDomain: body.rvDomain,
        lowValue: body.lowValue,
        highValue: body.highValue ?? current.highValue,
        longDescription: body.longDescription,
        longDescriptionEsp: body.longDescriptionEsp ?? current.longDescriptionEsp,
        parentLowValue: body.parentLowValue ?? current.parentLowValue,
        sortOrder: body.sortOrder ?? current.sortOrder,
        status: body.status ?? current.status,
      });
      if (!row) { throw AppError.notFound(); }
      return toVerifier(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) { throw duplicate(); }
    throw error;
  }
}

/** Deletes a verifier; 404 when it does not exist, 409 while a doctor has it as a specialization. */
export async function deleteVerifier(ctx: AppContext, id: number): Promise<{ id: number }> {
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.getVerifier(catalogueDb(tx), id))) { throw AppError.notFound(); }
      if (await repo.isInUse(catalogueDb(tx), id)) { throw inUse(); }
      await repo.deleteVerifier(catalogueDb(tx), id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) { throw inUse(); }
    throw error;
  }
  return { id };
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of `zone` at `at` as '+HH:MM' / '-HH:MM' and in minutes. */
function utcOffset(zone: string, at: Date): { text: string; minutes: number } {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) { return { text: '+00:00', minutes: 0 }; }
  const [, sign, hh, mm] = match as unknown as [string, '+' | '-', string, string];
  const minutes = (Number(hh) * 60 + Number(mm)) * (sign === '-' ? -1 : 1);
  return { text: `${sign}${hh}:${mm}`, minutes };
}

/**
 * ICU (and so `Intl.supportedValuesOf`) still lists some zones under names IANA has replaced; the
 * list offers the current IANA name (both names are accepted wherever a zone is validated).
 */
const currentIanaName: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The IANA time zones the runtime knows (`Intl.supportedValuesOf('timeZone')` under their current
 * IANA names, plus UTC), each with its UTC offset at `at` (so daylight-saving time shows as it is
 * then), by offset then name:
 * { id: 'America/New_York', label: '(UTC-05:00) America/New_York', offset: '-05:00' }.
 */
export function listTimeZones(at: Date = new Date()): TimeZoneOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map((zone) => currentIanaName[zone] ?? zone));
  zones.add('UTC');
  return [...zones]
    .map((id) => ({ id, ...utcOffset(id, at) }))
    .sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id))
    .map(({ id, text }) => ({ id, label: `(UTC${text}) ${id}`, offset: text }));
}
