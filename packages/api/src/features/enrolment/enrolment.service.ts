import { BILLING_PROGRAMS, formatMbi, type Enrolment, type EndpointBody, type enrolment } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { localDate, officeTimeZone } from '../../lib/office-calendar';
import * as repo from './enrolment.repo';
import { tenantDb } from '../../db/handles';

type UpdateBody = EndpointBody<typeof enrolment.updatePatientEnrolment>;

/** The programs an office can switch off (spec section 6: RPM, RTM and CCM can be enabled per office). */
const SWITCHED = { RPM: 'rpmEnabled', RTM: 'rtmEnabled', CCM: 'ccmEnabled' } as const;

async function read(scope: Scope, db: Executor, patientId: number): Promise<Enrolment> {
  const [programs, insurance] = await Promise.all([repo.findPrograms(tenantDb(scope, db), patientId), repo.getInsurance(tenantDb(scope, db), patientId)]);
  const order = (p: string) => BILLING_PROGRAMS.indexOf(p as (typeof BILLING_PROGRAMS)[number]);
  const dates = [...programs.map((p) => p.createdAt), ...(insurance ? [insurance.updatedAt] : [])];
  return {
    patientId,
    programs: programs
      .sort((a, b) => order(a.program) - order(b.program))
      .map((p) => ({ program: p.program as Enrolment['programs'][number]['program'], enrolledOn: p.enrolledOn })),
    insurance: insurance
      ? {
          payerType: insurance.payerType as NonNullable<Enrolment['insurance']>['payerType'],
          payerName: insurance.payerName,
          planName: insurance.planName,
          memberId: insurance.memberId,
          memberIdDisplay: insurance.payerType === 'MEDICARE' ? formatMbi(insurance.memberId) : insurance.memberId,
        }
      : null,
    updatedAt: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : null,
  };
}

/**
 * `GET patientenrolment`: patient `patientId`'s programs (canonical order RPM, RTM, CCM, PCM, APCM,
 * BHI, CPM; each with its enrolment date YYYY-MM-DD) and insurance (null when none). 404 "Invalid
 * id" when the patient is not visible to the caller (another tenant's patient reads as not found).
 */
export async function getEnrolment(ctx: AppContext, scope: Scope, patientId: number): Promise<Enrolment> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return read(scope, ctx.db, patientId);
}

/**
 * `PUT patientenrolment`: replaces patient `patientId`'s programs and insurance in one transaction.
 * Errors: 404 for a patient out of scope; 400 `programs.<i>.enrolledOn` "The date cannot be in the
 * future" when a date is after today in the patient's first office's calendar; 400
 * `programs.<i>.program` when RPM, RTM or CCM is switched off in every office of the patient the
 * caller sees (spec section 6). The MBI format of a Medicare member id is checked by the contract.
 */
export async function updateEnrolment(ctx: AppContext, scope: Scope, patientId: number, body: UpdateBody): Promise<Enrolment> {
  return ctx.db.transaction(async (tx) => {
    if (!(await getVisiblePatient(tenantDb(scope, tx), patientId))) { throw AppError.notFound(); }
    await repo.lockPatientEnrolment(tx, patientId);
    const offices = await repo.findPatientOffices(tenantDb(scope, tx), patientId);
    const today = localDate(new Date(), officeTimeZone(offices[0]?.timeZone));
    body.programs.forEach((p, i) => {
      if (p.enrolledOn > today) { throw AppError.badRequest('futureDate', { [`programs.${i}.enrolledOn`]: 'futureDate' }); }
      const switchName = SWITCHED[p.program as keyof typeof SWITCHED];
      if (switchName && offices.length > 0 && !offices.some((o) => o[switchName])) {
        throw new AppError('badRequest', 'programNotOffered', { program: p.program }, { [`programs.${i}.program`]: 'programNotOffered' });
      }
    });
    await repo.replacePrograms(tenantDb(scope, tx), patientId, body.programs);
    await repo.saveInsurance(
      tenantDb(scope, tx),
      patientId,
      body.insurance && {
        payerType: body.insurance.payerType,
        payerName: body.insurance.payerName ?? '',
        planName: body.insurance.planName ?? '',
        memberId: body.insurance.memberId,
      },
    );
    return read(scope, tx, patientId);
  });
}
