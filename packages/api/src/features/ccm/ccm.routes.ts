import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { ccm, ccmGroups } from '@vigil/contract';
import type { AppContext } from '../../context';
import { omitDeclaredIn, registerGroup, type Handler } from '../../lib/route';
import { registerSubRecordGroup } from '../../lib/sub-records/sub-records.routes';
import { ccmServerGroups } from './ccm-groups';
import * as documents from './ccm-documents.service';
import * as extras from './ccm-extras.service';
import * as files from './ccm-files.service';
import { exportRecordAsFhir } from './ccm-fhir.service';
import { importFhirIntoRecord } from './ccm-fhir-import.service';
import type { CcmFileGroup } from './ccm-files.repo';
import * as records from './ccm-records.service';
import { worklist } from './ccm-worklist.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** Sends a rendered PDF as a download that no cache keeps (PHI). */
async function sendPdf(reply: FastifyReply, file: documents.CcmFile) {
  await reply.code(200).type('application/pdf').header('Content-Disposition', contentDisposition(file.fileName)).header('Cache-Control', 'no-store').send(file.body);
  return answered;
}

/**
 * CCM endpoints: endpoints.txt "CCM records", portal-spec.md section 7 "CCM". The ccm group also
 * exports its sub-record groups' declarations by name (contract `ccmGroups`), which lib/sub-records
 * registers, one `registerGroup` per nested group: this file registers the rest of the group
 * (`omitDeclaredIn`), its handlers complete at compile time (docs/architecture.md "The route chain").
 */
export function ccmRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Files of attachments, consent forms and imaging (docs/ccm.md "Files"): the same two handlers per file group.
  const fileHandlers = (group: CcmFileGroup) => ({
    upload: (({ scope, params, req }) => files.uploadFile(ctx, scope, group, params.id, req)) satisfies Handler<typeof ccm.uploadCcmAttachmentFile>,
    download: (async ({ scope, params, reply }) => {
      const file = await files.getFile(ctx, scope, group, params.id);
      // An attachment, never rendered by the browser on our origin (a text file could hold markup).
      await reply.type(file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).header('X-Content-Type-Options', 'nosniff').send(file.content);
      return '';
    }) satisfies Handler<typeof ccm.downloadCcmAttachmentFile>,
  });
  const attachment = fileHandlers('ccmattachment');
  const consentForm = fileHandlers('ccmconsentform');
  const imaging = fileHandlers('ccmimaging');
  registerGroup(app, ctx, omitDeclaredIn(ccm, ccmGroups), {
    createCcmRecord: ({ scope, body }) => records.createRecord(ctx, scope, body),
    getCcmRecordsByPatientId: ({ scope, headers }) => records.findRecordsOfPatient(ctx, scope, headers.patientid),
    getCcmRecordsMinimalByPatientId: ({ scope, headers }) => records.findMinimalOfPatient(ctx, scope, headers.patientid),
    getCcmRecordsByHospitalId: ({ scope, headers }) => records.findRecordsOfOffice(ctx, scope, headers.hospitalid),
    getCcmRecordReportDataForMonth: ({ scope, headers }) => records.monthReport(ctx, scope, headers.hospitalid, headers.year, headers.month),
    getCcmOptionList: ({ params }) => records.optionList(params.listName),
    getCcmRecordById: ({ scope, params, req }) => records.getRecordAnswer(ctx, scope, params.id, req.headers['if-none-match']),
    updateCcmRecord: ({ scope, params, body }) => records.updateRecord(ctx, scope, params.id, body),
    deleteCcmRecord: ({ scope, params }) => records.deleteRecord(ctx, scope, params.id),
    setCcmSocialDeterminants: ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { socialDeterminants: [...new Set(body.codes)] }),
    setCcmComplexDecisionMaking: ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { complexDecisionMaking: body.level }),
    setCcmFunctionalStatus: ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { functionalStatus: body.status, functionalStatusNotes: body.notes ?? '' }),
    getCcmRecordTimeline: ({ scope, params, query }) => records.timeline(ctx, scope, params.id, query),
    getCcmWorklist: ({ scope, headers, query }) => worklist(ctx, scope, headers.hospitalid, query),
    getCcmReportPdf: async ({ scope, headers, reply }) => sendPdf(reply, await documents.reportPdf(ctx, scope, headers.hospitalid, headers.year, headers.month)),
    getCcmCarePlanPdf: async ({ scope, headers, reply }) => sendPdf(reply, await documents.carePlanPdf(ctx, scope, headers.careplanid)),
    // Group calls beyond the standard five.
    updateCcmConditionHistory: ({ scope, params, body }) => extras.updateConditionHistory(ctx, scope, params.id, body),
    deleteCcmConditionHistory: ({ scope, params }) => extras.deleteConditionHistory(ctx, scope, params.id),
    getVitalEntriesByMonth: ({ scope, headers }) => extras.vitalEntriesOfMonth(ctx, scope, headers.patientid, headers.month, headers.year),
    disableVitalEntryMedicalNote: ({ scope, params, body }) => extras.setVitalEntryInNote(ctx, scope, params.id, body.disabled),
    getCcmTimeLogByDate: ({ scope, headers }) => extras.timeLogOfDate(ctx, scope, headers.patientid, headers.date),
    editCcmTimeLogByCcmId: ({ scope, body }) => extras.attachTimeEntries(ctx, scope, body.ccmRecordId, body.timeEntryIds),
    getCcmBillingByPatientId: ({ scope, headers }) => records.billingOfPatient(ctx, scope, headers.patientid),
    getCcmBillingByCcmRecordId: ({ scope, headers }) => records.billingOfRecord(ctx, scope, headers.ccmrecordid),
    uploadCcmAttachmentFile: attachment.upload,
    downloadCcmAttachmentFile: attachment.download,
    uploadCcmConsentFormFile: consentForm.upload,
    downloadCcmConsentFormFile: consentForm.download,
    uploadCcmImagingFile: imaging.upload,
    downloadCcmImagingFile: imaging.download,
    exportCcmRecordFhir: async ({ scope, params, reply }) => {
      const bundle = await exportRecordAsFhir(ctx, scope, params.id);
      await reply
        .type('application/fhir+json; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`ccm-record-${params.id}.fhir.json`))
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(bundle));
      return '';
    },
    importCcmRecordFhir: ({ scope, params, req }) => importFhirIntoRecord(ctx, scope, params.id, req),
  });
  // Sub-record groups: one line each (lib/sub-records).
  for (const group of Object.values(ccmServerGroups)) { registerSubRecordGroup(app, ctx, group); }
}
