import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, Role, type BillingProgram, type EndpointResponse, type offices, type UpdateFeeScheduleBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints, queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { useOfficesInScopeQuery } from '../../../lib/offices-in-scope';
import { useAllOfficeStaff } from '../../../lib/shared-reads';
import type { PageState } from '../../../components/ServerTable';

/** An authorization or template change shows in both lists (a template's usedBy count, an authorization's template). */
const authorizationReads = [billing.findUserBillingAuthorizations, billing.getUserBillingAuthorization, billing.findBillingAuthorizationTemplates, billing.getBillingAuthorizationTemplate] as const;

/** GET billingusersauthorization: which staff may bill which programs in the office, paged. */
export function useAuthorizations(hospitalId: number | null, state: PageState, program: BillingProgram | null) {
  return useEndpointQuery(
    billing.findUserBillingAuthorizations,
    {
      query: {
        hospitalid: hospitalId ?? 0,
        page: state.page,
        pageSize: state.pageSize,
        sort: state.sort as never,
        search: state.search || undefined,
        program: program ?? undefined,
      },
    },
    { enabled: hospitalId !== null, placeholderData: keepPreviousData },
  );
}

/** GET billingauthorizationtemplate: the organization's named sets of programs (organizationid for a system admin). */
export function useTemplates(organizationId: number | null, state: PageState, enabled = true) {
  return useEndpointQuery(
    billing.findBillingAuthorizationTemplates,
    { query: { organizationid: organizationId ?? undefined, page: state.page, pageSize: state.pageSize, sort: state.sort as never, search: state.search || undefined } },
    { enabled, placeholderData: keepPreviousData },
  );
}

export interface AuthorizationInput {
  /** Set to update an existing authorization. */
  id?: number;
  userId: number;
  hospitalId: number;
  templateId: number | null;
  programs: BillingProgram[];
}

/**
 * POST billingusersauthorization (a new one: 409 when the user already has one in the office) or
 * PUT billingusersauthorization/{id} (programs and template): one of two endpoints, so a plain
 * mutation naming the reads it makes stale.
 */
export function useSaveAuthorization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: AuthorizationInput) =>
      a.id
        ? call(billing.updateUserBillingAuthorization, { params: { id: a.id }, body: { templateId: a.templateId, programs: a.programs } })
        : call(billing.createUserBillingAuthorization, {
            body: { userId: a.userId, hospitalId: a.hospitalId, templateId: a.templateId ?? undefined, programs: a.programs.length > 0 ? a.programs : undefined },
          }),
    onSuccess: () => invalidateEndpoints(qc, authorizationReads),
  });
}

/** DELETE billingusersauthorization/{id}: the staff member may no longer bill in the office. */
export function useDeleteAuthorization() {
  return useEndpointMutation(billing.deleteUserBillingAuthorization, { input: (id: number) => ({ params: { id } }), invalidates: authorizationReads });
}

export interface TemplateInput {
  id?: number;
  organizationId: number | null;
  name: string;
  programs: BillingProgram[];
}

/** POST billingauthorizationtemplate (409 for a name already used) or PUT billingauthorizationtemplate/{id}: a plain mutation over the two. */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tpl: TemplateInput) =>
      tpl.id
        ? call(billing.updateBillingAuthorizationTemplate, { params: { id: tpl.id }, body: { name: tpl.name, programs: tpl.programs } })
        : call(billing.createBillingAuthorizationTemplate, { body: { organizationId: tpl.organizationId ?? undefined, name: tpl.name, programs: tpl.programs } }),
    onSuccess: () => invalidateEndpoints(qc, authorizationReads),
  });
}

/** DELETE billingauthorizationtemplate/{id}: authorizations made from it keep their programs. */
export function useDeleteTemplate() {
  return useEndpointMutation(billing.deleteBillingAuthorizationTemplate, { input: (id: number) => ({ params: { id } }), invalidates: authorizationReads });
}

/** GET billing/getbillingsettings (chosen): the UNCONFIRMED-rule settings with value, source, default and description; organizationId null: the global values (system admin). */
export function useBillingSettings(organizationId: number | null, enabled = true) {
  return useEndpointQuery(billing.getBillingSettings, { headers: { organizationid: organizationId ?? undefined } }, { enabled });
}

type Value = number | boolean | string | null;

/**
 * PUT billing/updatebillingsettings (chosen): sets (or with null removes) overrides for an
 * organization or, organizationId null, globally; a global change shows through in every
 * organization's view, so every settings read is made stale.
 */
export function useUpdateBillingSettings() {
  return useEndpointMutation(billing.updateBillingSettings, {
    input: ({ organizationId, values }: { organizationId: number | null; values: Record<string, Value> }) => ({ body: { organizationId, values } }),
    invalidates: [billing.getBillingSettings],
  });
}

/** GET billing/getfeeschedule (chosen): the payment amounts (cents) of a year by code and locality. */
export function useFeeSchedule(year: number) {
  return useEndpointQuery(billing.getFeeSchedule, { query: { year } });
}

type FeeScheduleResult = EndpointResponse<typeof billing.updateFeeSchedule>;

/** The year's schedule as the change answered it, shown at once, then every year's schedule is made stale. */
function useShowFeeSchedule() {
  const qc = useQueryClient();
  return async (result: FeeScheduleResult) => {
    qc.setQueryData(queryKeyOf(billing.getFeeSchedule, { query: { year: result.year } }), { year: result.year, items: result.items });
    await invalidateEndpoints(qc, [billing.getFeeSchedule]);
  };
}

/** PUT billing/updatefeeschedule (chosen, system admin): inserts or updates amounts of a year by code and locality. */
export function useUpdateFeeSchedule() {
  const show = useShowFeeSchedule();
  return useEndpointMutation(billing.updateFeeSchedule, { input: (body: UpdateFeeScheduleBody) => ({ body }), onSuccess: show });
}

/**
 * POST billing/uploadfeeschedule (chosen, system admin): a fee-schedule CSV (multipart field "file",
 * at most 1 MB; columns code, amount in dollars or amountCents, locality?, description?) for a year.
 */
export function useUploadFeeSchedule() {
  const show = useShowFeeSchedule();
  return useEndpointMutation(billing.uploadFeeSchedule, {
    input: ({ year, file }: { year: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return { query: { year }, form };
    },
    onSuccess: show,
  });
}

/** Roles that may be authorized to bill (contract: a doctor, nurse or office admin assigned to the office). */
const BILLING_ROLES: readonly number[] = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN];
const billable = (staff: EndpointResponse<typeof offices.findOfficeMedicalStaff>) => staff.filter((u) => BILLING_ROLES.includes(u.roleId));

/** The office's doctors, nurses and office admins (GET hospital/getrelatedmedicalstaffforhospital), to authorize. */
export function useBillableStaff(hospitalId: number | null) {
  return useAllOfficeStaff(hospitalId, { select: billable, staleTime: 60_000 });
}

export interface OfficeChoice {
  id: number;
  name: string;
  organizationId: number;
}

/**
 * The offices whose billing authorizations the caller manages, with their organization (its
 * templates apply): assigned offices for office admins, the offices in scope (GET hospital by name,
 * lib/offices-in-scope.ts) for organization and system admins.
 */
export function useAuthorizationOffices(): { offices: OfficeChoice[]; isLoading: boolean } {
  const { user, assignedOnly, query } = useOfficesInScopeQuery();
  if (!user) { return { offices: [], isLoading: false }; }
  if (assignedOnly) { return { offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, name: h.hospitalName, organizationId: h.organizationId })), isLoading: false }; }
  return { offices: (query.data?.items ?? []).map((o) => ({ id: o.id, name: o.hospitalName, organizationId: o.organizationId })), isLoading: query.isLoading };
}
