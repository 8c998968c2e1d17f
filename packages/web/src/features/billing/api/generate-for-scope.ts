import { useMutation } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import type { BillingMonth, BillingScope } from './keys';

/**
 * GET billing/generateforallhospitalpatientsformonth or generateforallorganizationpatientsformonth:
 * starts generating the month for every patient of an office or organization and answers the run
 * at once (its progress: get-billing-run). What it changes is invalidated when the run ends.
 */
export const generateForScope = ({ scope, period }: { scope: BillingScope; period: BillingMonth }) =>
  scope.kind === 'hospital'
    ? call(billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: scope.id, month: period.month, year: period.year } })
    : call(billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: scope.id, month: period.month, year: period.year } });

export function useGenerateForScope() {
  return useMutation({ mutationFn: generateForScope });
}
