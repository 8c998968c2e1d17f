import type { z } from 'zod';
import { ccm, type EndpointDef } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * Query and mutation hooks for any CCM sub-record group, from its contract group
 * (`subRecordEndpoints` in packages/contract/src/common/sub-records.ts): a group's section calls
 * these with its group instead of writing five endpoint files. The keys come from the endpoint
 * declarations (lib/endpoint-keys.ts); a change makes both lists of the group stale (by patient and
 * by CCM record), since a row shows in both.
 */
export interface SubRecordGroupDecl<Item, Form> {
  slug: string;
  itemSchema: z.ZodType<Item>;
  updateBody: z.ZodType<unknown, Form>;
  create: EndpointDef;
  update: EndpointDef;
  remove: EndpointDef;
  getByPatientId: EndpointDef;
  getByCcmRecordId: EndpointDef;
}

/** Groups whose by-record read answering 401 shows as an empty list (spec section 8). */
const emptyOn401 = new Set(['ccmconditions', 'ccmmedicationevent', 'ccmmedicalnote', 'ccmobservation', 'ccmallergy', 'ccmbilling']);
/** The consent read's "nothing found" message, an empty list (spec section 8). */
const NO_CONSENT_FORMS = 'No Ccm consent forms found.';

/**
 * Whether a failed by-record read is an empty list by the spec's rules (section 8): 401 on the
 * by-record reads of conditions, medication events, medical notes, observations, allergies and
 * billing, and "No Ccm consent forms found." for consent forms.
 */
export function readsAsEmpty(slug: string, error: unknown): boolean {
  if (!(error instanceof ApiError)) { return false; }
  return (error.status === 401 && emptyOn401.has(slug)) || (slug === 'ccmconsentform' && error.message === NO_CONSENT_FORMS);
}

/**
 * GET <group>/getbyccmrecordid: the rows of one CCM record, newest first (nothing is read without
 * a record). Null data (attachments, imaging) and the spec's empty-list errors answer [].
 */
export function useSubRecordsOfRecord<Item, Form>(group: SubRecordGroupDecl<Item, Form>, ccmRecordId: number | null) {
  const q = useEndpointQuery(group.getByCcmRecordId, { headers: { ccmrecordid: ccmRecordId ?? 0 } } as never, { enabled: ccmRecordId !== null, retry: false }) as {
    data: Item[] | null | undefined;
    isLoading: boolean;
    isError: boolean;
    error: unknown;
  };
  if (q.error && readsAsEmpty(group.slug, q.error)) { return { data: [] as Item[], isLoading: false, isError: false, error: null }; }
  return { ...q, data: q.data === null ? ([] as Item[]) : q.data };
}

/** POST <group>, PUT <group>/{id} and DELETE <group>/{id}. */
export function useSubRecordMutations<Item, Form>(group: SubRecordGroupDecl<Item, Form>) {
  // The record's header and section counts (GET ccmrecord/{id}) and the office's worklist read the same rows.
  const invalidates = [group.getByCcmRecordId, group.getByPatientId, ccm.getCcmRecordById, ccm.getCcmRecordReportDataForMonth, ccm.getCcmRecordTimeline];
  return {
    create: useEndpointMutation(group.create, { input: (body: Form & { ccmRecordId: number }) => ({ body }) as never, invalidates }),
    update: useEndpointMutation(group.update, { input: ({ id, body }: { id: number; body: Form }) => ({ params: { id }, body }) as never, invalidates }),
    remove: useEndpointMutation(group.remove, { input: (id: number) => ({ params: { id } }) as never, invalidates }),
  };
}
