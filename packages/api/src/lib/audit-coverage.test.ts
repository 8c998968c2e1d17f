/**
 * The PHI audit trail covers every endpoint that reads or changes patient data (HIPAA 164.312(b);
 * docs/audit.md "What is recorded"), generated from the contract: every signed-in endpoint of
 * `allEndpoints` either has an audit plan (`lib/audit-route.ts auditPlanOf`), is declared
 * `audit: false` in the contract, or is listed below as not patient data, with the reason. A new
 * endpoint that names none of these fails here until someone decides.
 *
 * And every plan points at fields that exist: the patient's or the record's field is a key of the
 * endpoint's header, query, params or body schema (or of its answer), so a misspelt declaration
 * cannot silently record no patient.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, type EndpointDef } from '@vigil/contract';
import { auditPlanOf } from './audit-route';
import { auditRecordLookups } from '../features/index';

/** Whole tags that hold no patient data, with the reason. */
const NOT_PATIENT_DATA_TAGS: Record<string, string> = {
  'Reference data': 'shared lists (roles, ZIP code lookup)',
  Verifiers: 'reference value lists (ranges, domains, time zones)',
  'Release notes': "the product's release notes",
  'Medical device template': 'the device catalogue',
  'System logs': 'no PHI by construction (lib/system-log.ts: kinds, codes and ids only)',
  'API keys': "API users' credentials: staff accounts, not patients",
  'Medical note category templates': "an office's note templates, no patient",
  Support: "an organization's support threads with Vigil, not patient records",
  Invoices: "an organization's invoices: counts of billable patients per office and money, no patient row",
};

/** Single endpoints that hold no patient data, with the reason. */
const NOT_PATIENT_DATA: Record<string, string> = {
  'POST auth/signout': "ends the caller's own session",
  'POST doctormetadata/assigndoctortomultiplespetializations': "a doctor's professional details (staff)",
  'POST doctormetadata/deassigndoctorfrommultiplespetializations': "a doctor's professional details (staff)",
  'GET doctormetadata/getmetadatafordoctor': "a doctor's professional details (staff)",
  'PUT doctormetadata/updatemetadatafordoctor': "a doctor's professional details (staff)",
  'GET nursemetadata/getmetadatafornurse': "a nurse's professional details (staff)",
  'PUT nursemetadata/updatemetadatafornurse': "a nurse's professional details (staff)",
  'PUT user/changemylanguage': "the caller's own account",
  'POST user/changemypassword': "the caller's own account",
  'GET user/getmyprofileimage': "the caller's own account",
  'POST user/sendprofileremovalemail': "the caller's own account",
  'POST user/setwebsockettoken': "the caller's own account",
  'POST user/uploadmyprofileimage': "the caller's own account",
  'GET user/getapiusers': 'API users (staff accounts)',
  'GET user/getcaregivers': "caregivers' accounts (not patients; a caregiver's patients are read through the patient endpoints)",
  'GET user/gethospitaladmins': 'office administrators (staff)',
  'GET user/getorganizationadmins': 'organization administrators (staff)',
  'GET user/getorganizationpartners': 'partner accounts (staff)',
  'GET user/patientlistview': "the caller's saved list settings (columns, filters), no patient",
  'PUT user/patientlistview': "the caller's saved list settings (columns, filters), no patient",
  'POST medicalinstitution': 'an organization',
  'DELETE medicalinstitution/{id}': 'an organization',
  'GET medicalinstitution': 'organizations',
  'GET medicalinstitution/{id}': 'an organization',
  'PUT medicalinstitution/{id}': 'an organization',
  'GET medicalinstitution/getrelatedorganizationmedicalstaffV2': "an organization's staff",
  'POST hospital': 'an office',
  'DELETE hospital/{id}': 'an office',
  'GET hospital': 'offices',
  'GET hospital/landing': "the caller's offices",
  'GET hospital/{id}': 'an office',
  'PUT hospital/{id}': 'an office',
  'GET hospital/getrelatedmedicalstaffforhospital': "an office's staff",
  'GET hospital/getrelatedmedicalstaffforhospitalV2': "an office's staff",
  'GET hospital/getrelatedmedicalstaffforhospitalV3': "an office's staff",
  'GET admin/importruns': 'import runs: file names and counts, no patient row',
  'GET medicaldevicesdata/getdevicedefaultsforhospital': "an office's default thresholds per device type",
  'PUT medicaldevicesdata/updatedevicedefaultsforhospital': "an office's default thresholds per device type",
  'POST treatmentplan/createclientmonitoringplan': "an office's client monitoring plan (a template, no patient)",
  'GET treatmentplan/relatedclientmonitoringplans': "an office's client monitoring plans (templates, no patient)",
  'GET pushnotifications/getdashboardsummary': "counts of the caller's unread notifications by type",
  'POST billingauthorizationtemplate': "billing permission templates (staff)",
  'DELETE billingauthorizationtemplate/{id}': 'billing permission templates (staff)',
  'GET billingauthorizationtemplate': 'billing permission templates (staff)',
  'GET billingauthorizationtemplate/{id}': 'billing permission templates (staff)',
  'PUT billingauthorizationtemplate/{id}': 'billing permission templates (staff)',
  'POST billingusersauthorization': "staff members' billing permissions",
  'DELETE billingusersauthorization/{id}': "staff members' billing permissions",
  'GET billingusersauthorization': "staff members' billing permissions",
  'GET billingusersauthorization/{id}': "staff members' billing permissions",
  'PUT billingusersauthorization/{id}': "staff members' billing permissions",
  'GET billingcodelink': 'the links themselves (title, recipient, month); reading the CSV behind one is recorded',
  'GET billing/getbillingsettings': "an organization's billing settings",
  'PUT billing/updatebillingsettings': "an organization's billing settings",
  'GET billing/getfeeschedule': 'the Medicare fee schedule',
  'PUT billing/updatefeeschedule': 'the Medicare fee schedule',
  'POST billing/uploadfeeschedule': 'the Medicare fee schedule',
  'POST survey/assignsurveytemplatetoclientmonitoringplan': "a client monitoring plan's questionnaires (a template, no patient)",
  'DELETE survey/deassignsurveyfromclientmonitoringplan': "a client monitoring plan's questionnaires (a template, no patient)",
  'GET survey/getclientmonitoringplanassignments': "a client monitoring plan's questionnaires (a template, no patient)",
  'POST stofferedanswer': 'questionnaire templates',
  'POST stquestion': 'questionnaire templates',
  'POST surveytemplate': 'questionnaire templates',
  'DELETE stofferedanswer/{id}': 'questionnaire templates',
  'DELETE stquestion/{id}': 'questionnaire templates',
  'DELETE surveytemplate/{id}': 'questionnaire templates',
  'GET surveytemplate/getlistoftemplates': 'questionnaire templates',
  'GET surveytemplate/{id}': 'questionnaire templates',
  'GET surveytemplate/{id}/fhir': 'questionnaire templates',
  'GET surveytemplate': 'questionnaire templates',
  'PUT stofferedanswer/reorder': 'questionnaire templates',
  'PUT stquestion/reorder': 'questionnaire templates',
  'PUT stofferedanswer/{id}': 'questionnaire templates',
  'PUT stquestion/{id}': 'questionnaire templates',
  'PUT surveytemplate/{id}': 'questionnaire templates',
  'GET drugproduct/importruns': 'the drug catalogue',
  'POST drugproduct/import': 'the drug catalogue',
  'POST patientprescription/fdasearch': 'the drug catalogue',
  'GET icd10cm/releases': 'the ICD-10-CM catalogue',
  'POST icd10cm/import': 'the ICD-10-CM catalogue',
  'GET icd10cm/search': 'the ICD-10-CM catalogue',
  'POST licenses/bulkinsert': 'new licences: no holder yet',
  'POST licenses': 'a new licence: no holder yet',
  'GET reporting/getallrelatedstaffauditreport': "staff members' activity counts, no patient row",
  'GET reporting/getauditreportdataloginsall': "staff members' sign-ins",
  'GET appointments/iceservers': 'TURN credentials for a visit',
  'POST ecp/createuserfromecplog': 'creates a staff member from an ECP user log',
  'PUT ecp/doautomaticecpusersmapping': 'maps ECP staff users',
  'PUT ecp/doautomaticecporganizationsmapping': 'maps ECP organizations',
  'GET ecp/getecpmappinglocation': "an office's ECP location",
  'GET ecp/organizations': 'ECP organizations',
  'PUT ecp/organizations/{id}/mapping': 'maps an ECP organization',
  'GET report/exportbusinessreportcsv': "the business report: counts and totals per office, program and month, no patient row",
  'GET report/exportbusinessreportpdf': "the business report: counts and totals per office, program and month, no patient row",
  'GET report/getbusinessreport': "the business report: counts and totals per office, program and month, no patient row",
};

/** FHIR R4 resource types the trail records (http://hl7.org/fhir/R4/resourcelist.html). */
const FHIR_R4_RESOURCE_TYPES = new Set([
  'AllergyIntolerance',
  'Appointment',
  'AuditEvent',
  'CarePlan',
  'CareTeam',
  'Claim',
  'Communication',
  'Condition',
  'Consent',
  'Contract',
  'Coverage',
  'Device',
  'DocumentReference',
  'Encounter',
  'Flag',
  'ImagingStudy',
  'Immunization',
  'Location',
  'MedicationRequest',
  'MedicationStatement',
  'Observation',
  'Organization', // an organization's settings (single sign-on, docs/security.md)
  'Patient',
  'Person',
  'Practitioner', // staff's second factors (docs/security.md "Multi-factor authentication")
  'QuestionnaireResponse',
]);

const keyOf = (d: EndpointDef) => `${d.method} ${d.path}`;
const signedIn = (allEndpoints as readonly EndpointDef[]).filter((d) => d.permission !== 'public');

function unwrap(schema: unknown): unknown {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) { s = (s as z.ZodOptional).unwrap(); }
  return s;
}

/** The keys a part of an endpoint can carry; null when its schema is not an object (a union, an array). */
function keysOf(def: EndpointDef, part: string): string[] | null {
  const schema = unwrap(part === 'answer' ? def.response : def[part as 'headers' | 'query' | 'params' | 'body']);
  if (schema instanceof z.ZodObject) { return Object.keys(schema.shape); }
  if (schema instanceof z.ZodUnion) {
    const objects = (schema.options as unknown[]).map(unwrap).filter((o): o is z.ZodObject => o instanceof z.ZodObject);
    return objects.length > 0 ? objects.flatMap((o) => Object.keys(o.shape)) : null;
  }
  return null;
}

describe('the PHI audit trail covers the contract', () => {
  it('every signed-in endpoint has an audit plan, is declared audit: false, or is listed as not patient data', () => {
    const undecided = signedIn.filter((d) => auditPlanOf(d) === null && d.audit !== false && !NOT_PATIENT_DATA_TAGS[d.tag] && !NOT_PATIENT_DATA[keyOf(d)]);
    expect(undecided.map(keyOf)).toEqual([]);
  });

  it('no listed exemption is stale: each names a signed-in endpoint (or tag) that has no audit plan', () => {
    const byKey = new Map(signedIn.map((d) => [keyOf(d), d]));
    const stale = Object.keys(NOT_PATIENT_DATA).filter((k) => !byKey.has(k) || auditPlanOf(byKey.get(k)!) !== null);
    expect(stale).toEqual([]);
    const tags = new Set(signedIn.map((d) => d.tag));
    expect(Object.keys(NOT_PATIENT_DATA_TAGS).filter((t) => !tags.has(t))).toEqual([]);
    const plannedInExemptTag = signedIn.filter((d) => NOT_PATIENT_DATA_TAGS[d.tag] && auditPlanOf(d) !== null).map(keyOf);
    expect(plannedInExemptTag).toEqual([]);
  });

  it("every plan's patient or record field is a field of the endpoint's input (or answer)", () => {
    const wrong: string[] = [];
    for (const d of signedIn) {
      const plan = auditPlanOf(d);
      if (!plan) { continue; }
      const at = plan.record ?? (plan.part && plan.field ? { part: plan.part, field: plan.field } : null);
      if (!at) { continue; }
      const keys = keysOf(d, at.part);
      if (!keys || !keys.includes(at.field)) { wrong.push(`${keyOf(d)}: ${at.part}.${at.field} not in [${keys?.join(', ') ?? 'no object schema'}]`); }
    }
    expect(wrong).toEqual([]);
  });

  it('records every call as a FHIR R4 resource type (AuditEvent.entity), declared or from its tag', () => {
    const other = signedIn.map((d) => [keyOf(d), auditPlanOf(d)?.resource] as const).filter(([, r]) => r !== undefined && !FHIR_R4_RESOURCE_TYPES.has(r));
    expect(other).toEqual([]);
  });

  it('every record kind has its patient lookup, and a DELETE keyed by a record reads its patient before the row is gone', () => {
    for (const d of signedIn) {
      const plan = auditPlanOf(d);
      if (!plan?.record) { continue; }
      expect(auditRecordLookups[plan.record.kind], keyOf(d)).toBeDefined();
      expect(plan.readBefore, keyOf(d)).toBe(d.method === 'DELETE');
    }
  });

  it('the CCM record and its sub-records are recorded with their patient (the calls keyed by their own ids)', () => {
    const byKey = new Map(signedIn.map((d) => [keyOf(d), d]));
    expect(auditPlanOf(byKey.get('GET ccmrecord/{id}')!)?.record).toEqual({ kind: 'ccmRecord', part: 'params', field: 'id' });
    expect(auditPlanOf(byKey.get('PUT ccmallergy/{id}')!)?.record).toEqual({ kind: 'ccmallergy', part: 'params', field: 'id' });
    expect(auditPlanOf(byKey.get('GET ccmlab/getbyccmrecordid')!)?.record).toEqual({ kind: 'ccmRecord', part: 'headers', field: 'ccmrecordid' });
  });
});
