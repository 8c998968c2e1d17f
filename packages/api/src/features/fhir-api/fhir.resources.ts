/**
 * Vigil's records as FHIR R4 (4.0.1) resources with their US Core 6.1 profiles (docs/fhir.md).
 * Pure functions: no database, no request.
 */
import { Role, type User } from '@vigil/contract';

export type FhirJson = Record<string, unknown>;

export const FHIR_VERSION = '4.0.1';
export const US_CORE_PATIENT = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient';
/** The identifier system of Vigil's own patient identifier (the patient's record number in the portal). */
export const VIGIL_PATIENT_IDENTIFIER_SYSTEM = 'urn:vigil:patient-identifier';
/** The identifier system of Vigil's user id, present on every patient (US Core requires an identifier). */
export const VIGIL_USER_ID_SYSTEM = 'urn:vigil:user-id';

/**
 * A patient user as a US Core Patient: ids, identifiers (Vigil's user id, and the patient
 * identifier when set), name, gender (`unknown` when not recorded), birth date, telecom.
 * Null for a user who is not a patient.
 */
export function patientResource(u: User): FhirJson | null {
  if (u.roleId !== Role.PATIENT) { return null; }
  const identifier: FhirJson[] = [{ system: VIGIL_USER_ID_SYSTEM, value: String(u.id) }];
  const own = u.patientMetadata?.patientIdentifier?.trim();
  if (own) { identifier.push({ system: VIGIL_PATIENT_IDENTIFIER_SYSTEM, value: own }); }
  const telecom: FhirJson[] = [];
  if (u.phone.trim()) { telecom.push({ system: 'phone', value: u.phone.trim() }); }
  if (u.email?.trim()) { telecom.push({ system: 'email', value: u.email.trim() }); }
  const name: FhirJson = { family: u.lastName.trim() || undefined, given: u.firstName.trim() ? [u.firstName.trim()] : undefined };
  return {
    resourceType: 'Patient',
    id: String(u.id),
    meta: { profile: [US_CORE_PATIENT] },
    identifier,
    active: u.status === 1,
    name: [JSON.parse(JSON.stringify(name)) as FhirJson],
    ...(telecom.length > 0 ? { telecom } : {}),
    gender: u.gender === 'male' || u.gender === 'female' || u.gender === 'other' ? u.gender : 'unknown',
    ...(u.birthdate ? { birthDate: u.birthdate } : {}),
  };
}

/** An OperationOutcome with one issue (FHIR R4 "OperationOutcome"). */
export function operationOutcome(code: 'not-found' | 'invalid' | 'not-supported' | 'security' | 'forbidden' | 'exception' | 'login' | 'throttled', diagnostics: string, severity: 'error' | 'fatal' = 'error'): FhirJson {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

/** A searchset Bundle with its total and `self` / `next` links. */
export function searchset(resources: FhirJson[], total: number, self: string, next: string | null, base: string): FhirJson {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: [{ relation: 'self', url: self }, ...(next ? [{ relation: 'next', url: next }] : [])],
    entry: resources.map((r) => ({ fullUrl: `${base}/${String(r.resourceType)}/${String(r.id)}`, resource: r, search: { mode: 'match' } })),
  };
}

/**
 * The CapabilityStatement (FHIR R4 4.0.1) of exactly what the API implements: SMART Backend
 * Services security and Patient read and search by `_id`.
 */
export function capabilityStatement(base: string, now: Date): FhirJson {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: now.toISOString(),
    publisher: 'Vigil',
    kind: 'instance',
    software: { name: 'Vigil' },
    implementation: { description: 'Vigil FHIR R4 API', url: base },
    fhirVersion: FHIR_VERSION,
    format: ['json', 'application/fhir+json'],
    instantiates: ['http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${base}/auth/token` }],
            },
          ],
        },
        resource: [
          {
            type: 'Patient',
            supportedProfile: [US_CORE_PATIENT],
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [{ name: '_id', type: 'token' }],
          },
        ],
      },
    ],
  };
}
