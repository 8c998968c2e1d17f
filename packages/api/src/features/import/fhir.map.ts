/**
 * Pure mapping from FHIR R4 resources to Vigil's rows (no database here; the importer's mapper
 * table in import.mappers.ts applies the results). Input shapes are the zod schemas of
 * fhir.schemas.ts; every rule that can reject a record throws `MappingError` with a reason that
 * names fields and codes, never values such as names or identifiers (reports and logs stay free
 * of PHI).
 */
import { createHash } from 'node:crypto';
import countriesLib from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { Role, UserStatus, isValidNpi, normaliseName, toE164 } from '@vigil/contract';
import { z } from 'zod';
import type {
  FhirLocation,
  FhirObservation,
  FhirOrganization,
  FhirPatient,
  FhirPractitioner,
  FhirPractitionerRole,
} from './fhir.schemas';
import type { addressSchema, codeableConceptSchema, contactPointSchema, humanNameSchema, identifierSchema, referenceSchema } from './fhir.schemas';

countriesLib.registerLocale(en);

type Address = z.infer<typeof addressSchema>;
type ContactPoint = z.infer<typeof contactPointSchema>;
type HumanName = z.infer<typeof humanNameSchema>;
type Identifier = z.infer<typeof identifierSchema>;
type CodeableConcept = z.infer<typeof codeableConceptSchema>;
type Reference = z.infer<typeof referenceSchema>;

/** A record the importer cannot map; `reason` is reported per record (no PHI in it). */
export class MappingError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
export const SSN_SYSTEM = 'http://hl7.org/fhir/sid/us-ssn';
/** LOINC 8302-2 Body height; 29463-7 Body weight (US Core vital signs). */
export const LOINC_BODY_HEIGHT = '8302-2';
export const LOINC_BODY_WEIGHT = '29463-7';

// References ----------------------------------------------------------------------------------

/** A reference resolved as far as the bundle allows: a logical id, or a business identifier. */
export type FhirRef = { type: string; id: string } | { type: string; system: string; value: string };

/** The key under which a resource is known once imported: `externalRef` = 'Type/id'. */
export const refKey = (type: string, id: string) => `${type}/${id}`;

/**
 * Parses a FHIR Reference of `expectedType`: 'Type/id' (relative or absolute URL), 'urn:uuid:x'
 * (looked up in the bundle's fullUrls), a conditional 'Type?identifier=system|value' (Synthea's
 * transaction bundles) or a logical `identifier`. Null when absent or of another type.
 */
export function parseReference(ref: Reference | undefined, expectedType: string, fullUrls: ReadonlyMap<string, { type: string; id: string }>): FhirRef | null {
  if (!ref) { return null; }
  const r = ref.reference?.trim();
  if (r) {
    if (r.startsWith('urn:uuid:') || r.startsWith('urn:oid:')) {
      const known = fullUrls.get(r);
      if (known) { return known.type === expectedType ? known : null; }
      return { type: expectedType, id: r.slice(r.lastIndexOf(':') + 1) };
    }
    const conditional = /^(?:.*\/)?([A-Z][A-Za-z]+)\?identifier=([^&]+)$/.exec(r);
    if (conditional) {
      if (conditional[1] !== expectedType) { return null; }
      const token = decodeURIComponent(conditional[2]!);
      const bar = token.lastIndexOf('|');
      return bar < 0 ? { type: expectedType, system: '', value: token } : { type: expectedType, system: token.slice(0, bar), value: token.slice(bar + 1) };
    }
    const literal = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(r);
    if (literal) { return literal[1] === expectedType ? { type: expectedType, id: literal[2]! } : null; }
    const known = fullUrls.get(r);
    if (known) { return known.type === expectedType ? known : null; }
    return null;
  }
  if (ref.identifier?.value) { return { type: expectedType, system: ref.identifier.system ?? '', value: ref.identifier.value }; }
  return null;
}

// People and places ---------------------------------------------------------------------------

/** Synthea appends digits to generated names ('Barney639'); real names carry none. */
export function cleanName(name: string): string {
  const cleaned = name
    .replace(/\d+/g, '')
    .replace(/[^\p{L}\p{M}' .-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}]+/u, '');
  return cleaned ? normaliseName(cleaned).slice(0, 50).trim() : '';
}

const isCurrent = (period?: { end?: string }) => !period?.end || Date.parse(period.end) > Date.now();

/** The person's current name: official, then usual, then any not marked old / maiden. */
export function pickName(names: HumanName[]): { firstName: string; lastName: string } {
  const rank = (n: HumanName) => (n.use === 'official' ? 0 : n.use === 'usual' ? 1 : n.use === 'old' || n.use === 'maiden' ? 3 : 2) + (isCurrent(n.period) ? 0 : 4);
  const name = [...names].sort((a, b) => rank(a) - rank(b))[0];
  let given = name?.given?.find((g) => cleanName(g)) ?? '';
  let family = name?.family ?? '';
  if ((!given || !family) && name?.text) {
    const parts = name.text.trim().split(/\s+/);
    given ||= parts[0] ?? '';
    family ||= parts.length > 1 ? parts[parts.length - 1]! : '';
  }
  const firstName = cleanName(given);
  const lastName = cleanName(family);
  if (!firstName) { throw new MappingError('name: no given name'); }
  if (!lastName) { throw new MappingError('name: no family name'); }
  return { firstName, lastName };
}

/** ISO 3166-1 alpha-2 from FHIR's free-text country ('US', 'USA', 'United States'); default US. */
export function countryCode(country: string | undefined): string {
  const c = country?.trim();
  if (!c) { return 'US'; }
  if (/^[A-Za-z]{2}$/.test(c) && countriesLib.isValid(c.toUpperCase())) { return c.toUpperCase(); }
  if (/^[A-Za-z]{3}$/.test(c)) { return countriesLib.alpha3ToAlpha2(c.toUpperCase()) ?? 'US'; }
  return countriesLib.getAlpha2Code(c, 'en') ?? 'US';
}

export interface AddressValues {
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}

const GEOLOCATION = 'http://hl7.org/fhir/StructureDefinition/geolocation';

/** The current address (home first, not 'old', period not ended), with the geolocation extension's coordinates. */
export function pickAddress(addresses: Address[] | Address | undefined): AddressValues {
  const list = Array.isArray(addresses) ? addresses : addresses ? [addresses] : [];
  const rank = (a: Address) => (a.use === 'home' ? 0 : a.use === 'old' ? 3 : 1) + (isCurrent(a.period) ? 0 : 4);
  const a = [...list].sort((x, y) => rank(x) - rank(y))[0];
  const geo = a?.extension?.find((e) => e.url === GEOLOCATION)?.extension ?? [];
  const coord = (url: string) => geo.find((e) => e.url === url)?.valueDecimal ?? null;
  const lat = coord('latitude');
  const long = coord('longitude');
  return {
    address: (a?.line ?? []).map((l) => l.trim()).filter(Boolean).join(', ').slice(0, 200),
    city: (a?.city ?? '').trim().slice(0, 100),
    state: (a?.state ?? '').trim().slice(0, 100),
    zip: (a?.postalCode ?? '').trim().slice(0, 20),
    country: countryCode(a?.country),
    latitude: lat !== null && Math.abs(lat) <= 90 ? lat : null,
    longitude: long !== null && Math.abs(long) <= 180 ? long : null,
  };
}

/**
 * The first valid phone of the telecom list in E.164 (mobile, then home, then work); '' when none
 * is valid for `country` (Synthea's 555 numbers are not). Values like '978-342-9781 Or 978-342-9781'
 * are split and tried in turn.
 */
export function pickPhone(telecom: ContactPoint[] | undefined, country = 'US'): string {
  const rank = (t: ContactPoint) => ({ mobile: 0, home: 1, work: 2 })[t.use ?? ''] ?? 3;
  const phones = (telecom ?? []).filter((t) => t.system === 'phone' && t.value).sort((a, b) => rank(a) - rank(b));
  for (const t of phones) {
    for (const part of t.value!.split(/\s+or\s+|[;,/]/i)) {
      const e164 = toE164(part.trim(), country);
      if (e164) { return e164; }
    }
  }
  return '';
}

const emailCheck = z.email();

/** The first well-formed e-mail of the telecom list, lower-cased; null when none. */
export function pickEmail(telecom: ContactPoint[] | undefined): string | null {
  for (const t of telecom ?? []) {
    const v = t.system === 'email' ? t.value?.trim() : undefined;
    if (v && v.length <= 100 && emailCheck.safeParse(v).success) { return v.toLowerCase(); }
  }
  return null;
}

/** FHIR administrative gender as stored ('male' | 'female' | 'other'); unknown or missing is ''. */
export const genderOf = (g: string | undefined) => (g === 'male' || g === 'female' || g === 'other' ? g : '');

/** A full date for a FHIR date of any precision ('1986' -> '1986-01-01'); null when missing. */
export function birthdateOf(d: string | undefined): string | null {
  if (!d) { return null; }
  if (/^\d{4}$/.test(d)) { return `${d}-01-01`; }
  if (/^\d{4}-\d{2}$/.test(d)) { return `${d}-01`; }
  return d;
}

const STATE_ZONES: Record<string, string> = {};
const zoneStates: [string, string[]][] = [
  ['America/New_York', ['CT', 'DE', 'DC', 'FL', 'GA', 'ME', 'MD', 'MA', 'NH', 'NJ', 'NY', 'NC', 'OH', 'PA', 'RI', 'SC', 'VT', 'VA', 'WV']],
  ['America/Detroit', ['MI']],
  ['America/Indiana/Indianapolis', ['IN']],
  ['America/Kentucky/Louisville', ['KY']],
  ['America/Chicago', ['AL', 'AR', 'IL', 'IA', 'KS', 'LA', 'MN', 'MS', 'MO', 'NE', 'ND', 'OK', 'SD', 'TN', 'TX', 'WI']],
  ['America/Denver', ['CO', 'MT', 'NM', 'UT', 'WY']],
  ['America/Boise', ['ID']],
  ['America/Phoenix', ['AZ']],
  ['America/Los_Angeles', ['CA', 'NV', 'OR', 'WA']],
  ['America/Anchorage', ['AK']],
  ['Pacific/Honolulu', ['HI']],
  ['America/Puerto_Rico', ['PR', 'VI']],
  ['Pacific/Guam', ['GU', 'MP']],
  ['Pacific/Pago_Pago', ['AS']],
];
for (const [zone, states] of zoneStates) { for (const s of states) { STATE_ZONES[s] = zone; } }
const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE',
  'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA',
  kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ',
  'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'puerto rico': 'PR', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN',
  texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
};

/**
 * The IANA time zone of a US state (code or name), by the zone most of the state lies in
 * (Massachusetts -> America/New_York); America/New_York when unknown or outside the US.
 */
export function timeZoneForState(state: string | undefined, country = 'US'): string {
  if (!state || country !== 'US') { return 'America/New_York'; }
  const s = state.trim();
  const code = s.length === 2 ? s.toUpperCase() : STATE_NAMES[s.toLowerCase()];
  return (code && STATE_ZONES[code]) || 'America/New_York';
}

/**
 * The stored language from Patient.communication (the preferred one, else the first): English ->
 * 'ENG', Spanish -> 'ESP'. Other or missing languages give 'ENG', the language of US records.
 */
export function languageOf(communication: { language: CodeableConcept; preferred?: boolean }[] | undefined): 'ENG' | 'ESP' {
  const c = (communication ?? []).find((x) => x.preferred) ?? communication?.[0];
  const words = [...(c?.language.coding ?? []).map((k) => k.code ?? ''), c?.language.text ?? ''].map((w) => w.toLowerCase());
  if (words.some((w) => /^es(\b|-|_)|^spanish|^español|^espanol/.test(w))) { return 'ESP'; }
  return 'ENG';
}

/** The value of the identifier of `system`, or of type code `typeCode` (v2-0203, e.g. 'MR'). */
export function identifierValue(identifiers: Identifier[] | undefined, match: { system?: string; typeCode?: string }): string {
  const found = (identifiers ?? []).find(
    (i) => (match.system && i.system === match.system) || (match.typeCode && i.type?.coding?.some((c) => c.code === match.typeCode)),
  );
  return found?.value?.trim().slice(0, 100) ?? '';
}

/**
 * A deterministic sign-in name for an imported person: 'first.last.' + 6 hex characters of the
 * SHA-256 of the external reference (ASCII letters only; `extra` lengthens the hash on a clash).
 */
export function deriveUsername(firstName: string, lastName: string, externalRef: string, extra = 0): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()
      .slice(0, 20);
  const hash = createHash('sha256').update(externalRef).digest('hex').slice(0, 6 + extra);
  return [ascii(firstName) || 'user', ascii(lastName) || 'fhir', hash].join('.');
}

// Organizations and offices ---------------------------------------------------------------------

export interface OrganizationValues {
  institutionName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: number;
}

/** Organization -> organizations (spec's medical institution); status 0 when `active` is false. */
export function mapOrganization(r: FhirOrganization): OrganizationValues {
  const a = pickAddress(r.address);
  return {
    institutionName: r.name.trim(),
    contactPhone: pickPhone(r.telecom, a.country),
    contactEmail: pickEmail(r.telecom) ?? '',
    address: a.address,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    status: r.active === false ? 0 : 1,
  };
}

export interface OfficeValues {
  hospitalName: string;
  address: string;
  addressLatitude: number | null;
  addressLongitude: number | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  timeZone: string;
  status: number;
}

/**
 * Location -> hospitals (spec's office), or null when the Location is not a place of care (a
 * `mode: kind` location such as Synthea's "Patient's Home", or one without a name): those are
 * reported as skipped. Position gives latitude / longitude; the time zone follows the state.
 */
export function mapLocation(r: FhirLocation): OfficeValues | null {
  if (r.mode === 'kind' || !r.name?.trim()) { return null; }
  const a = pickAddress(r.address);
  return {
    hospitalName: r.name.trim(),
    address: a.address,
    addressLatitude: r.position?.latitude ?? null,
    addressLongitude: r.position?.longitude ?? null,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    phone: pickPhone(r.telecom, a.country),
    email: pickEmail(r.telecom) ?? '',
    timeZone: timeZoneForState(a.state, a.country),
    status: r.status === 'inactive' || r.status === 'suspended' ? 0 : 1,
  };
}

// Staff -----------------------------------------------------------------------------------------

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  gender: string;
  birthdate: string | null;
  address: string;
  addressLatitude: number | null;
  addressLongitude: number | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  userTimezone: string;
}

function personValues(r: { name: HumanName[]; telecom?: ContactPoint[]; gender?: string; birthDate?: string; address?: Address[] }): PersonValues {
  const { firstName, lastName } = pickName(r.name);
  const a = pickAddress(r.address);
  return {
    firstName,
    lastName,
    email: pickEmail(r.telecom),
    phone: pickPhone(r.telecom, a.country),
    gender: genderOf(r.gender),
    birthdate: birthdateOf(r.birthDate),
    address: a.address,
    addressLatitude: a.latitude,
    addressLongitude: a.longitude,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    userTimezone: timeZoneForState(a.state, a.country),
  };
}

/**
 * Nursing in the codes of PractitionerRole.code / specialty: NUCC provider taxonomy 163W (registered
 * nurse), 164W / 164X (licensed practical / vocational nurse), 363L (nurse practitioner), 367
 * (advanced practice nursing: midwife, nurse anesthetist), 376 (nursing service); SNOMED CT
 * 106292003 / 224535009 / 224571005 (nurse, registered nurse, nurse practitioner); HL7
 * practitioner-role 'nurse'; or a text that says nurse.
 */
export function isNursingRole(concepts: CodeableConcept[]): boolean {
  const snomed = new Set(['106292003', '224535009', '224571005']);
  return concepts.some(
    (c) =>
      /nurs/i.test(c.text ?? '') ||
      (c.coding ?? []).some(
        (k) =>
          /nurs/i.test(k.display ?? '') ||
          k.code === 'nurse' ||
          (k.system === 'http://nucc.org/provider-taxonomy' && /^(163W|164W|164X|363L|367|376)/.test(k.code ?? '')) ||
          (k.system === 'http://snomed.info/sct' && snomed.has(k.code ?? '')),
      ),
  );
}

export interface PractitionerMapping {
  person: PersonValues;
  roleId: typeof Role.DOCTOR | typeof Role.NURSE;
  npi: string;
  /** The first specialty of the roles (kept in the metadata's metadataInfo). */
  specialty: { system: string; code: string; display: string } | null;
  status: number;
}

/**
 * Practitioner (+ the PractitionerRoles that point at it) -> a doctor (3), or a nurse (4) when a
 * role's code or specialty is nursing. NPI from the us-npi identifier; one failing the CMS check
 * digit (contract `isValidNpi`) refuses the record with MappingError "identifier: NPI ... fails the
 * CMS check digit", as the staff forms refuse it.
 */
export function mapPractitioner(r: FhirPractitioner, roles: FhirPractitionerRole[]): PractitionerMapping {
  const npi = identifierValue(r.identifier, { system: NPI_SYSTEM });
  if (npi !== '' && !isValidNpi(npi)) { throw new MappingError(`identifier: NPI ${npi} fails the CMS check digit`); }
  const concepts = roles.flatMap((x) => [...(x.code ?? []), ...(x.specialty ?? [])]);
  const first = roles.flatMap((x) => x.specialty ?? x.code ?? []).flatMap((c) => c.coding ?? [])[0];
  return {
    person: personValues(r),
    roleId: isNursingRole(concepts) ? Role.NURSE : Role.DOCTOR,
    npi,
    specialty: first ? { system: first.system ?? '', code: first.code ?? '', display: first.display ?? '' } : null,
    status: r.active === false ? UserStatus.INACTIVE : UserStatus.ACTIVE,
  };
}

// Observations and patients ---------------------------------------------------------------------

const LOINC_CODE = /^(\d{1,8}-\d|L[APG]\d{1,8}-\d)$/;

export type BodyMeasure = 'height' | 'weight';

/**
 * What an Observation is to the importer: a body height or weight (LOINC 8302-2 / 29463-7), or
 * another measurement (not imported yet, counted). Throws when a coding claims the LOINC system
 * with a code that is not a LOINC code (OpenMRS concept ids filed as LOINC), or when a height or
 * weight has no usable value: its unit must be a UCUM length / mass unit and the value plausible.
 */
export function classifyObservation(o: FhirObservation): { kind: BodyMeasure; value: number; at: number } | { kind: 'other' } {
  const codings = o.code.coding ?? [];
  const bad = codings.find((c) => c.system === LOINC_SYSTEM && !LOINC_CODE.test(c.code ?? ''));
  if (bad) { throw new MappingError(`code: '${(bad.code ?? '').slice(0, 40)}' is filed under ${LOINC_SYSTEM} but is not a LOINC code`); }
  const loinc = codings.filter((c) => c.system === LOINC_SYSTEM).map((c) => c.code);
  const kind: BodyMeasure | null = loinc.includes(LOINC_BODY_HEIGHT) ? 'height' : loinc.includes(LOINC_BODY_WEIGHT) ? 'weight' : null;
  if (!kind) { return { kind: 'other' }; }
  const q = o.valueQuantity;
  if (!q || typeof q.value !== 'number' || !Number.isFinite(q.value)) { throw new MappingError(`valueQuantity: body ${kind} has no numeric value`); }
  const value = kind === 'height' ? toCentimetres(q.value, q.code ?? q.unit) : toKilograms(q.value, q.code ?? q.unit);
  const [min, max] = kind === 'height' ? [20, 280] : [0.2, 700];
  if (value < min || value > max) { throw new MappingError(`valueQuantity: body ${kind} of ${round2(value)} ${kind === 'height' ? 'cm' : 'kg'} is not plausible`); }
  const when = o.effectiveDateTime ?? o.effectivePeriod?.end ?? o.effectivePeriod?.start ?? o.issued;
  const at = when ? Date.parse(when) : NaN;
  return { kind, value: round2(value), at: Number.isNaN(at) ? 0 : at };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A length in UCUM `unit` (cm, m, mm, [in_i], [in_us], [ft_i]; 'in' / 'inches' tolerated) in centimetres. */
export function toCentimetres(value: number, unit: string | undefined): number {
  const factor: Record<string, number> = { cm: 1, m: 100, mm: 0.1, '[in_i]': 2.54, '[in_us]': 2.54000508, '[ft_i]': 30.48, in: 2.54, inches: 2.54, ft: 30.48 };
  const f = factor[(unit ?? '').trim()] ?? factor[(unit ?? '').trim().toLowerCase()];
  if (f === undefined) { throw new MappingError(`valueQuantity: '${(unit ?? '').slice(0, 20)}' is not a UCUM length unit`); }
  return value * f;
}

/** A mass in UCUM `unit` (kg, g, [lb_av], [oz_av]; 'lb' / 'lbs' tolerated) in kilograms. */
export function toKilograms(value: number, unit: string | undefined): number {
  const factor: Record<string, number> = { kg: 1, g: 0.001, '[lb_av]': 0.45359237, '[oz_av]': 0.028349523125, lb: 0.45359237, lbs: 0.45359237 };
  const f = factor[(unit ?? '').trim()] ?? factor[(unit ?? '').trim().toLowerCase()];
  if (f === undefined) { throw new MappingError(`valueQuantity: '${(unit ?? '').slice(0, 20)}' is not a UCUM mass unit`); }
  return value * f;
}

/** The latest value of each body measure among classified observations (status entered-in-error / cancelled ignored). */
export function latestBodyMeasures(observations: FhirObservation[]): { heightInCm: number | null; weightInKg: number | null } {
  const latest: Record<BodyMeasure, { value: number; at: number } | null> = { height: null, weight: null };
  for (const o of observations) {
    if (o.status === 'entered-in-error' || o.status === 'cancelled') { continue; }
    let c: ReturnType<typeof classifyObservation>;
    try {
      c = classifyObservation(o);
    } catch (err) {
      // A bad Observation is reported as its own record (and fails its bundle); it never feeds metadata.
      if (err instanceof MappingError) { continue; }
      throw err;
    }
    if (c.kind === 'other') { continue; }
    const cur = latest[c.kind];
    if (!cur || c.at >= cur.at) { latest[c.kind] = { value: c.value, at: c.at }; }
  }
  return { heightInCm: latest.height?.value ?? null, weightInKg: latest.weight?.value ?? null };
}

export interface PatientMapping {
  person: PersonValues;
  language: 'ENG' | 'ESP';
  status: number;
  metadata: { heightInCm: number | null; weightInKg: number | null; medicalRegistrationNumber: string; patientIdentifier: string; ssn: string };
}

/**
 * Patient (+ its Observations in the same bundle) -> a patient user (5) with metadata: record
 * number and identifier from the MR identifier (v2-0203), SSN from us-ssn, height and weight from
 * the latest 8302-2 / 29463-7. Deceased (boolean or date) gives status deceased (3), active false
 * inactive (0).
 */
export function mapPatient(r: FhirPatient, observations: FhirObservation[]): PatientMapping {
  const mrn = identifierValue(r.identifier, { typeCode: 'MR' });
  const measures = latestBodyMeasures(observations);
  const deceased = r.deceasedBoolean === true || !!r.deceasedDateTime;
  return {
    person: personValues(r),
    language: languageOf(r.communication),
    status: deceased ? UserStatus.DECEASED : r.active === false ? UserStatus.INACTIVE : UserStatus.ACTIVE,
    metadata: {
      heightInCm: measures.heightInCm,
      weightInKg: measures.weightInKg,
      medicalRegistrationNumber: mrn,
      patientIdentifier: mrn || r.id,
      ssn: identifierValue(r.identifier, { system: SSN_SYSTEM }),
    },
  };
}
