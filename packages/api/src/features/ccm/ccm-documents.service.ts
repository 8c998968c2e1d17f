import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { ccmCarePlans } from '../../db/schema/index';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { getRow } from '../../lib/sub-records/sub-records.repo';
import { responseOf } from '../../lib/sub-records/sub-records.service';
import { renderCarePlanPdf, renderCcmReportPdf, type CarePlanForPdf } from './ccm-pdf';
import { ccmCarePlanGroup } from './ccm-sections.groups';
import { monthReport } from './ccm-records.service';
import * as repo from './ccm-records.repo';
import { tenantDb } from '../../db/handles';

/** A rendered CCM document. */
export interface CcmFile {
  fileName: string;
  body: Buffer;
}

/**
 * `GET ccmcareplan/getcareplanpdf`: care plan `id` as a PDF in its patient's language (English
 * for a patient whose language is English, else Spanish; features/metadata/metadata.tables.ts), the copy CMS
 * requires the patient to receive (docs/ccm.md). 404 for a care plan, office or patient outside
 * the caller's offices.
 */
export async function carePlanPdf(ctx: AppContext, scope: Scope, id: number): Promise<CcmFile> {
  const row = await getRow(tenantDb(scope, ctx.db), ccmCarePlans, id);
  if (!row) { throw AppError.notFound(); }
  const [office, patient] = await Promise.all([getOfficeInScope(tenantDb(scope, ctx.db), row.hospitalId), repo.getPatientForDocument(tenantDb(scope, ctx.db), row.patientId)]);
  if (!office || !patient) { throw AppError.notFound(); }
  const plan = responseOf(ccmCarePlanGroup as never, row) as unknown as CarePlanForPdf;
  const officeName = patient.lang === 'es' && office.hospitalNameEsp ? office.hospitalNameEsp : office.hospitalName;
  const body = await renderCarePlanPdf(plan, patient, officeName, patient.lang);
  return { fileName: `care-plan-${id}.pdf`, body };
}

/**
 * `GET ccmrecord/getreportpdfformonth`: the office's monthly CCM report (the data of
 * `getreportdataformonth`, docs/ccm.md "Monthly report") as a PDF in the caller's language.
 * 404 for an office out of scope.
 */
export async function reportPdf(ctx: AppContext, scope: Scope, hospitalId: number, year: number, month: number): Promise<CcmFile> {
  const report = await monthReport(ctx, scope, hospitalId, year, month);
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const lang = scope.lang === 'es' ? 'es' : 'en';
  const officeName = lang === 'es' && office.hospitalNameEsp ? office.hospitalNameEsp : office.hospitalName;
  const body = await renderCcmReportPdf(report, officeName, lang);
  return { fileName: `ccm-report-${year}-${String(month).padStart(2, '0')}.pdf`, body };
}
