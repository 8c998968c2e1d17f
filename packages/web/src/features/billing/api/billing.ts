import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, can, type CreateBillingCodeLinkBody, type RoleId } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { invalidateEndpoints, queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { currentLang } from '../../../lib/i18n';
import { useOfficesInScopeQuery } from '../../../lib/offices-in-scope';
import { useAllOfficeStaff } from '../../../lib/shared-reads';
import type { PageState } from '../../../components/ServerTable';
import { periodHeaders, type BillingMonth, type BillingScope } from './period';

/**
 * What a generation makes stale: the month's summaries, a patient's details, the report and the
 * readiness of the period (and the monthly review's codes, which read the same details).
 */
export const generatedReads = [
  billing.getBillingSummaryForAllPatientsForMonthV3,
  billing.getBillingSummaryForPatientForMonth,
  billing.getBillingDetailsForPatientForMonth,
  billing.getBillingReport,
  billing.getBillingReadiness,
  billing.getPatientsListForMedicalInstitutionWithBillings,
] as const;

/** The headers naming one patient's month in one office. */
const patientMonth = (patientId: number, hospitalId: number, period: BillingMonth) => ({ patientid: patientId, hospitalid: hospitalId, month: period.month, year: period.year });

/**
 * GET billing/getbillingdetailsforpatientformonth: every code produced and every candidate
 * suppressed, with the reason and the evidence (reading days, time, notes, interactive contact,
 * practitioner); a live preview while the month is not generated (the billing page and the monthly review).
 */
export function useBillingDetails(patientId: number | null, hospitalId: number, period: BillingMonth, enabled = true) {
  return useEndpointQuery(
    billing.getBillingDetailsForPatientForMonth,
    { headers: patientMonth(patientId ?? 0, hospitalId, period) },
    { enabled: enabled && !!patientId && hospitalId > 0, retry: false },
  );
}

/** GET billing/generateforpatientformonth: generates one patient's month now and answers the details with evidence (shown at once). */
export function useGenerateForPatient() {
  const qc = useQueryClient();
  return useEndpointMutation(billing.generateForPatientForMonth, {
    input: ({ patientId, hospitalId, period }: { patientId: number; hospitalId: number; period: BillingMonth }) => ({ headers: patientMonth(patientId, hospitalId, period) }),
    onSuccess: async (details, { patientId, hospitalId, period }) => {
      qc.setQueryData(queryKeyOf(billing.getBillingDetailsForPatientForMonth, { headers: patientMonth(patientId, hospitalId, period) }), details);
      await invalidateEndpoints(qc, generatedReads, { except: [queryKeyOf(billing.getBillingDetailsForPatientForMonth, { headers: patientMonth(patientId, hospitalId, period) })] });
    },
  });
}

/**
 * GET billing/generateforallhospitalpatientsformonth or generateforallorganizationpatientsformonth:
 * starts generating the month for every patient of an office or organization and answers the run
 * at once (its progress: useBillingRun). What it changes is invalidated when the run ends
 * (GenerationProgress names generatedReads).
 */
export function useGenerateForScope() {
  return useMutation({
    mutationFn: ({ scope, period }: { scope: BillingScope; period: BillingMonth }) =>
      scope.kind === 'hospital'
        ? call(billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: scope.id, month: period.month, year: period.year } })
        : call(billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: scope.id, month: period.month, year: period.year } }),
  });
}

/** How often a running generation is asked for its progress. */
const POLL_MS = 1000;

/** Whether a run is still to finish (queued for a job worker, or running). */
export const runInProgress = (status: string | undefined) => status === 'queued' || status === 'running';

/** GET billing/getbillingrun (chosen): a generation run's progress, polled every second until it is done or failed. */
export function useBillingRun(runId: number | null) {
  return useEndpointQuery(
    billing.getBillingRun,
    { headers: { runid: runId ?? 0 } },
    { enabled: runId !== null, refetchInterval: (q) => (q.state.data && !runInProgress(q.state.data.status) ? false : POLL_MS) },
  );
}

export interface ReadinessQuery {
  page: number;
  pageSize: number;
  atRiskOnly: boolean;
}

/**
 * GET billing/getbillingreadiness (chosen): the office's monitored patients in the current period,
 * at-risk patients first. Readings and time arrive all day: the figures refresh every 5 minutes.
 */
export function useBillingReadiness(hospitalId: number | null, q: ReadinessQuery) {
  return useEndpointQuery(
    billing.getBillingReadiness,
    { headers: { hospitalid: hospitalId ?? 0 }, query: { page: q.page, pageSize: q.pageSize, atRiskOnly: q.atRiskOnly ? 'true' : undefined } },
    { enabled: hospitalId !== null, placeholderData: keepPreviousData, refetchInterval: 5 * 60_000 },
  );
}

/** GET admin/getbillingreport: the month's billable totals per code and per office. */
export function useBillingReport(scope: BillingScope | null, period: BillingMonth) {
  return useEndpointQuery(billing.getBillingReport, { headers: periodHeaders(scope ?? { kind: 'hospital', id: 0 }, period) }, { enabled: !!scope, placeholderData: keepPreviousData, retry: false });
}

/** GET billing/getbillingsummaryforallpatientsformonthv3: the month's summary of every patient of an office or organization, paged. */
export function useBillingSummary(scope: BillingScope | null, period: BillingMonth, state: PageState) {
  return useEndpointQuery(
    billing.getBillingSummaryForAllPatientsForMonthV3,
    {
      headers: periodHeaders(scope ?? { kind: 'hospital', id: 0 }, period),
      query: { page: state.page, pageSize: state.pageSize, sort: state.sort as never, search: state.search || undefined },
    },
    { enabled: !!scope, placeholderData: keepPreviousData, retry: false },
  );
}

/**
 * The office's staff names (GET hospital/getrelatedmedicalstaffforhospital), to name the staff
 * member of each time entry in the billing evidence (the evidence carries user ids only). Without
 * users.read the ids are shown.
 */
export function useStaffNames(hospitalId: number): Map<number, string> {
  const allowed = useCan('users.read');
  const query = useAllOfficeStaff(hospitalId, { enabled: allowed, staleTime: 5 * 60_000 });
  return new Map((query.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
}

/**
 * POST billingcodelink then POST billingcodelink/sendemail: a link to the billing file of an office
 * or organization for a month, e-mailed to its recipient (who signs in to download it). Two calls,
 * so a plain mutation that names the links list it makes stale.
 */
export function useSendBillingLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBillingCodeLinkBody) => {
      const link = await call(billing.createBillingCodeLink, { body });
      return call(billing.sendBillingCodeLinkEmail, { headers: { billingcodelinkid: link.id }, body: { lang: currentLang() } });
    },
    onSuccess: () => invalidateEndpoints(qc, [billing.findBillingCodeLinks]),
  });
}

export interface ScopeOffice {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
}

export interface ScopeOrganization {
  id: number;
  name: string;
}

/**
 * The offices and organizations a billing page may be about: office staff their assigned offices
 * (from the session), organization and system admins and partners the offices in scope (GET
 * hospital, by name: lib/offices-in-scope.ts) and, for them, each organization as a whole.
 */
export function useBillingScopes(): { offices: ScopeOffice[]; organizations: ScopeOrganization[]; isLoading: boolean } {
  const { user, assignedOnly, query } = useOfficesInScopeQuery();
  if (!user) { return { offices: [], organizations: [], isLoading: false }; }
  if (assignedOnly) {
    const orgName = user.organizationAssignedData?.institutionName ?? '';
    return {
      offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, name: h.hospitalName, organizationId: h.organizationId, organizationName: orgName })),
      organizations: [],
      isLoading: false,
    };
  }
  const offices = (query.data?.items ?? []).map((o) => ({ id: o.id, name: o.hospitalName, organizationId: o.organizationId, organizationName: o.organizationName }));
  const organizations = new Map<number, string>();
  // A user not bound to assigned offices who reads billing is offered each organization as a
  // whole (system and organization admins, partners): the billing summary's permission.
  if (can(user.roleId as RoleId, 'billing.read')) {
    if (user.organizationId && user.organizationAssignedData) { organizations.set(user.organizationId, user.organizationAssignedData.institutionName); }
    for (const o of offices) { organizations.set(o.organizationId, o.organizationName); }
  }
  return {
    offices,
    organizations: [...organizations].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    isLoading: query.isLoading,
  };
}
