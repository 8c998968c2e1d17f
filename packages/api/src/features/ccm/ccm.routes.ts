import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { ccm } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
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

/** CCM endpoints: endpoints.txt "CCM records", portal-spec.md section 7 "CCM". */
export function ccmRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, ccm.createCcmRecord, ({ scope, body }) => records.createRecord(ctx, scope, body));
  registerEndpoint(app, ctx, ccm.getCcmRecordsByPatientId, ({ scope, headers }) => records.findRecordsOfPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, ccm.getCcmRecordsMinimalByPatientId, ({ scope, headers }) => records.findMinimalOfPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, ccm.getCcmRecordsByHospitalId, ({ scope, headers }) => records.findRecordsOfOffice(ctx, scope, headers.hospitalid));
  registerEndpoint(app, ctx, ccm.getCcmRecordReportDataForMonth, ({ scope, headers }) => records.monthReport(ctx, scope, headers.hospitalid, headers.year, headers.month));
  registerEndpoint(app, ctx, ccm.getCcmOptionList, ({ params }) => records.optionList(params.listName));
  registerEndpoint(app, ctx, ccm.getCcmRecordById, ({ scope, params, req }) => records.getRecordAnswer(ctx, scope, params.id, req.headers['if-none-match']));
  registerEndpoint(app, ctx, ccm.updateCcmRecord, ({ scope, params, body }) => records.updateRecord(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, ccm.deleteCcmRecord, ({ scope, params }) => records.deleteRecord(ctx, scope, params.id));
  registerEndpoint(app, ctx, ccm.setCcmSocialDeterminants, ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { socialDeterminants: [...new Set(body.codes)] }));
  registerEndpoint(app, ctx, ccm.setCcmComplexDecisionMaking, ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { complexDecisionMaking: body.level }));
  registerEndpoint(app, ctx, ccm.setCcmFunctionalStatus, ({ scope, params, body }) => records.setRecordFields(ctx, scope, params.id, { functionalStatus: body.status, functionalStatusNotes: body.notes ?? '' }));
  registerEndpoint(app, ctx, ccm.getCcmRecordTimeline, ({ scope, params, query }) => records.timeline(ctx, scope, params.id, query));
  registerEndpoint(app, ctx, ccm.getCcmWorklist, ({ scope, headers, query }) => worklist(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, ccm.getCcmReportPdf, async ({ scope, headers, reply }) => sendPdf(reply, await documents.reportPdf(ctx, scope, headers.hospitalid, headers.year, headers.month)));
  registerEndpoint(app, ctx, ccm.getCcmCarePlanPdf, async ({ scope, headers, reply }) => sendPdf(reply, await documents.carePlanPdf(ctx, scope, headers.careplanid)));
  // Group calls beyond the standard five.
  registerEndpoint(app, ctx, ccm.updateCcmConditionHistory, ({ scope, params, body }) => extras.updateConditionHistory(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, ccm.deleteCcmConditionHistory, ({ scope, params }) => extras.deleteConditionHistory(ctx, scope, params.id));
  registerEndpoint(app, ctx, ccm.getVitalEntriesByMonth, ({ scope, headers }) => extras.vitalEntriesOfMonth(ctx, scope, headers.patientid, headers.month, headers.year));
  registerEndpoint(app, ctx, ccm.disableVitalEntryMedicalNote, ({ scope, params, body }) => extras.setVitalEntryInNote(ctx, scope, params.id, body.disabled));
  registerEndpoint(app, ctx, ccm.getCcmTimeLogByDate, ({ scope, headers }) => extras.timeLogOfDate(ctx, scope, headers.patientid, headers.date));
  registerEndpoint(app, ctx, ccm.editCcmTimeLogByCcmId, ({ scope, body }) => extras.attachTimeEntries(ctx, scope, body.ccmRecordId, body.timeEntryIds));
  registerEndpoint(app, ctx, ccm.getCcmBillingByPatientId, ({ scope, headers }) => records.billingOfPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, ccm.getCcmBillingByCcmRecordId, ({ scope, headers }) => records.billingOfRecord(ctx, scope, headers.ccmrecordid));
  // Files of attachments, consent forms and imaging (docs/ccm.md "Files").
  const fileEndpoints: [CcmFileGroup, typeof ccm.uploadCcmAttachmentFile, typeof ccm.downloadCcmAttachmentFile][] = [
    ['ccmattachment', ccm.uploadCcmAttachmentFile, ccm.downloadCcmAttachmentFile],
    ['ccmconsentform', ccm.uploadCcmConsentFormFile, ccm.downloadCcmConsentFormFile],
    ['ccmimaging', ccm.uploadCcmImagingFile, ccm.downloadCcmImagingFile],
  ];
  for (const [group, upload, download] of fileEndpoints) {
    registerEndpoint(app, ctx, upload, ({ scope, params, req }) => files.uploadFile(ctx, scope, group, params.id, req));
    registerEndpoint(app, ctx, download, async ({ scope, params, reply }) => {
      const file = await files.getFile(ctx, scope, group, params.id);
      // An attachment, never rendered by the browser on our origin (a text file could hold markup).
      await reply.type(file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).header('X-Content-Type-Options', 'nosniff').send(file.content);
      return '';
    });
  }
  registerEndpoint(app, ctx, ccm.exportCcmRecordFhir, async ({ scope, params, reply }) => {
    const bundle = await exportRecordAsFhir(ctx, scope, params.id);
    await reply
      .type('application/fhir+json; charset=utf-8')
      .header('Content-Disposition', contentDisposition(`ccm-record-${params.id}.fhir.json`))
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(bundle));
    return '';
  });
  registerEndpoint(app, ctx, ccm.importCcmRecordFhir, ({ scope, params, req }) => importFhirIntoRecord(ctx, scope, params.id, req));
  // Sub-record groups: one line each (lib/sub-records).
  for (const group of Object.values(ccmServerGroups)) { registerSubRecordGroup(app, ctx, group); }
}
