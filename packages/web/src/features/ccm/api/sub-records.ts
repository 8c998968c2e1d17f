import type { z } from 'zod';
import type { EndpointDef } from '@vigil/contract';
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

/** GET <group>/getbyccmrecordid: the rows of one CCM record, newest first (nothing is read without a record). */
export function useSubRecordsOfRecord<Item, Form>(group: SubRecordGroupDecl<Item, Form>, ccmRecordId: number | null) {
  return useEndpointQuery(group.getByCcmRecordId, { headers: { ccmrecordid: ccmRecordId ?? 0 } } as never, { enabled: ccmRecordId !== null }) as {
    data: Item[] | undefined;
    isLoading: boolean;
    isError: boolean;
    error: unknown;
  };
}

/** POST <group>, PUT <group>/{id} and DELETE <group>/{id}. */
export function useSubRecordMutations<Item, Form>(group: SubRecordGroupDecl<Item, Form>) {
  const invalidates = [group.getByCcmRecordId, group.getByPatientId];
  return {
    create: useEndpointMutation(group.create, { input: (body: Form & { ccmRecordId: number }) => ({ body }) as never, invalidates }),
    update: useEndpointMutation(group.update, { input: ({ id, body }: { id: number; body: Form }) => ({ params: { id }, body }) as never, invalidates }),
    remove: useEndpointMutation(group.remove, { input: (id: number) => ({ params: { id } }) as never, invalidates }),
  };
}
