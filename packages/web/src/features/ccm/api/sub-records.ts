import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointDef } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { ccmRootKey, subRecordsOfRecordKey } from './keys';

/**
 * Query and mutation hooks for any CCM sub-record group, from its contract group
 * (`subRecordEndpoints`): a group's section calls these with its group instead of writing five
 * endpoint files. Mutations invalidate every CCM query (a row shows in both lists).
 */
export interface SubRecordGroupDecl<Item, Form> {
  slug: string;
  itemSchema: z.ZodType<Item>;
  updateBody: z.ZodType<unknown, Form>;
  create: EndpointDef;
  update: EndpointDef;
  remove: EndpointDef;
  getByCcmRecordId: EndpointDef;
}

type AnyDef = EndpointDef;
const callAny = <T,>(def: AnyDef, input: object) => call(def, input as never) as Promise<T>;

/** GET <group>/getbyccmrecordid: the rows of one CCM record, newest first. */
export function useSubRecordsOfRecord<Item, Form>(group: SubRecordGroupDecl<Item, Form>, ccmRecordId: number | null) {
  return useQuery({
    queryKey: subRecordsOfRecordKey(group.slug, ccmRecordId ?? 0),
    queryFn: () => callAny<Item[]>(group.getByCcmRecordId, { headers: { ccmrecordid: ccmRecordId } }),
    enabled: ccmRecordId !== null,
  });
}

/** POST <group>, PUT <group>/{id} and DELETE <group>/{id}. */
export function useSubRecordMutations<Item, Form>(group: SubRecordGroupDecl<Item, Form>) {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: ccmRootKey });
  return {
    create: useMutation({ mutationFn: (body: Form & { ccmRecordId: number }) => callAny<Item>(group.create, { body }), onSettled }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: Form }) => callAny<Item>(group.update, { params: { id }, body }), onSettled }),
    remove: useMutation({ mutationFn: (id: number) => callAny<{ id: number }>(group.remove, { params: { id } }), onSettled }),
  };
}
