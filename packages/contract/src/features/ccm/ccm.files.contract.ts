import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { ccmRecordIdParamsSchema } from './ccm.record.schemas';
import { ccmFileSchema } from './ccm.sections.schemas';

// Files of CCM attachments, consent forms and imaging studies, and the record's FHIR R4 export
// (portal-spec.md section 7 "ccmattachment, ccmconsentform and ccmimaging carry file blobs.
// ccmimaging is fetched as a blob"; docs/ccm.md "Files" and "FHIR"). The spec names no paths
// for these: they are chosen beside each group's own.
const tag = 'CCM';
const read = 'ccm.read' as const;
const manage = 'ccm.manage' as const;

/**
 * The upload limit as declared (the multipart parser's ceiling). The limit in force is
 * VIGIL_CCM_MAX_FILE_BYTES (default 10 MB), checked by the server; it may be lower, not higher.
 */
export const CCM_UPLOAD_CEILING_BYTES = 50 * 1024 * 1024;

const kinds = {
  ccmattachment: { noun: 'attachment', types: 'PDF, PNG, JPEG, plain text or CSV', resource: 'DocumentReference' },
  ccmconsentform: { noun: 'consent form (the consent document)', types: 'PDF, PNG, JPEG, plain text or CSV', resource: 'Consent' },
  ccmimaging: { noun: 'imaging study', types: 'DICOM (Part 10), PDF, PNG or JPEG', resource: 'ImagingStudy' },
} as const;

function uploadOf(slug: keyof typeof kinds) {
  const k = kinds[slug];
  return endpoint({
    method: 'POST',
    path: `${slug}/{id}/file`,
    tag,
    summary: `Chosen: stores the file of ${k.noun} {id} (multipart field "file"; replaces its previous file): ${k.types}, told by its content (415 otherwise), at most VIGIL_CCM_MAX_FILE_BYTES (413 beyond), 400 when empty or absent; 404 for a row outside the caller's offices. Answers the file's details`,
    permission: manage,
    params: ccmRecordIdParamsSchema,
    multipart: { maxBytes: CCM_UPLOAD_CEILING_BYTES },
    response: ccmFileSchema,
    changesAccess: false,
    audit: { resource: k.resource, record: { kind: slug, key: 'params.id' } },
  });
}

function downloadOf(slug: keyof typeof kinds) {
  return endpoint({
    method: 'GET',
    path: `${slug}/{id}/file`,
    tag,
    summary: `Chosen: the file of ${kinds[slug].noun} {id} as a blob with its content type and file name (an attachment); 404 when the row is outside the caller's offices or has no file`,
    permission: read,
    params: ccmRecordIdParamsSchema,
    binary: true,
    response: z.string(),
    audit: { resource: kinds[slug].resource, record: { kind: slug, key: 'params.id' } },
  });
}

export const uploadCcmAttachmentFile = uploadOf('ccmattachment');
export const downloadCcmAttachmentFile = downloadOf('ccmattachment');
export const uploadCcmConsentFormFile = uploadOf('ccmconsentform');
export const downloadCcmConsentFormFile = downloadOf('ccmconsentform');
export const uploadCcmImagingFile = uploadOf('ccmimaging');
export const downloadCcmImagingFile = downloadOf('ccmimaging');

export const exportCcmRecordFhir = endpoint({
  method: 'GET',
  path: 'ccmrecord/{id}/fhir',
  tag,
  summary:
    'Chosen: CCM record {id} as a FHIR R4 Bundle (type collection, application/fhir+json, an attachment) of US Core resources: Patient, Condition, CarePlan, Goal, CareTeam, MedicationRequest, AllergyIntolerance, Immunization, Observation, DiagnosticReport, DocumentReference, Consent; 404 outside the caller\'s offices',
  permission: read,
  params: ccmRecordIdParamsSchema,
  binary: true,
  response: z.string(),
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

/** What a FHIR import added to a CCM record, by group, and what it left out. */
export const ccmFhirImportResultSchema = z.object({
  /** Rows added, by group slug. */
  imported: z.record(z.string(), z.number().int()),
  /** Entries of a mapped type left out (a code outside the CCM lists, no value), at most 100 listed. */
  skipped: z.array(z.object({ index: z.number().int(), resourceType: z.string(), reason: z.string() })),
  skippedCount: z.number().int(),
  /** Entries of types the CCM record does not hold (Encounter, Claim, ...). */
  notMapped: z.number().int(),
});
export type CcmFhirImportResult = z.infer<typeof ccmFhirImportResultSchema>;

export const importCcmRecordFhir = endpoint({
  method: 'POST',
  path: 'ccmrecord/{id}/fhir',
  tag,
  summary:
    'Chosen: fills CCM record {id} from a FHIR R4 Bundle (multipart field "file", JSON; a Synthea patient bundle): Condition, AllergyIntolerance, Immunization, Observation and DocumentReference become CCM rows, all in one transaction. A bad entry refuses the whole bundle (400 naming the entry; nothing imported); 404 outside the caller\'s offices; at most VIGIL_CCM_MAX_FILE_BYTES (413)',
  permission: manage,
  params: ccmRecordIdParamsSchema,
  multipart: { maxBytes: CCM_UPLOAD_CEILING_BYTES },
  response: ccmFhirImportResultSchema,
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});
