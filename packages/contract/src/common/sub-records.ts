import { z } from 'zod';
import { endpoint, type SubRecordKind } from './endpoint';
import { idSchema } from './ids';
import type { Permission } from './permissions';

/**
 * Sub-record groups of a CCM record (portal-spec.md section 7 "CCM": "Each of these groups offers
 * create, update, delete, get by patient id (getbypatientid) and get by CCM record id
 * (getbyccmrecordid)"; paths in shared/spec/endpoints.txt "CCM records": `POST G`, `PUT G/{id}`,
 * `DELETE G/{id}`, `GET G/getbypatientid`, `GET G/getbyccmrecordid`).
 *
 * A sub-record belongs to one CCM record, and through it to one patient and one office; the
 * server copies patient and office from the record, so a body names only `ccmRecordId`. The
 * patient and record ids of the two lists travel as headers (`patientid`, `ccmrecordid`), as the
 * spec passes ids elsewhere (endpoints.txt header note).
 */

/** Most rows one list answers (a patient's allergies or labs over years stay far below this). */
export const SUB_RECORD_LIST_LIMIT = 500;

/** The columns every sub-record answers with, whatever its group. */
export const subRecordBaseSchema = z.object({
  id: z.number().int(),
  ccmRecordId: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubRecordBase = z.infer<typeof subRecordBaseSchema>;

export const subRecordPatientHeadersSchema = z.object({ patientid: idSchema });
export const subRecordCcmRecordHeadersSchema = z.object({ ccmrecordid: idSchema });
export const subRecordIdParamsSchema = z.object({ id: idSchema });
export const subRecordDeletedSchema = z.object({ id: z.number().int() });

/** A cross-field rule of a group's form (runs in the browser and on the server alike). */
export type SubRecordRefinement<F> = (value: F, ctx: z.RefinementCtx) => void;

export interface SubRecordGroupSpec<Slug extends SubRecordKind, Fields extends z.ZodRawShape, Item extends z.ZodRawShape> {
  /** The spec's group name and path prefix, e.g. 'ccmallergy'. */
  slug: Slug;
  /** The FHIR resource type the audit trail records its calls as (AllergyIntolerance, Condition...). */
  resource: string;
  /** OpenAPI tag. */
  tag: string;
  /** Human name used in the summaries, e.g. 'allergy'. */
  noun: string;
  /** The group's own form fields (create and update bodies; `ccmRecordId` is added for create). */
  fields: z.ZodObject<Fields>;
  /** Cross-field rules of the form (e.g. a coded allergen needs its code). */
  refine?: SubRecordRefinement<z.output<z.ZodObject<Fields>>>;
  /** The group's own answer fields (added to `subRecordBaseSchema`). */
  item: z.ZodObject<Item>;
  permissions: { read: Permission; write: Permission };
}

const refined = <S extends z.ZodObject>(schema: S, refine?: SubRecordRefinement<z.output<S>>) =>
  refine ? schema.superRefine((v, c) => refine(v as z.output<S>, c)) : schema;

/**
 * The five standard endpoint declarations of a sub-record group, with the spec's paths:
 * `create` (POST `slug`, 201), `update` (PUT `slug/{id}`), `remove` (DELETE `slug/{id}`),
 * `getByPatientId` (GET `slug/getbypatientid`, header `patientid`) and `getByCcmRecordId` (GET
 * `slug/getbyccmrecordid`, header `ccmrecordid`), plus the form schemas (`createBody`,
 * `updateBody`) and the answer schema (`itemSchema`) for the web's forms and lists. Writes
 * declare `changesAccess: false`: a clinical entry cannot change who sees what. Export the five
 * declarations by name from the feature's contract file so that `allEndpoints` registers them.
 */
export function subRecordEndpoints<Slug extends SubRecordKind, Fields extends z.ZodRawShape, Item extends z.ZodRawShape>(spec: SubRecordGroupSpec<Slug, Fields, Item>) {
  const { slug, tag, noun, permissions, resource } = spec;
  // The PHI audit trail (docs/audit.md): a row's patient comes from its table, a record's from ccm_records.
  const ofRow = { resource, record: { kind: slug, key: 'params.id' } } as const;
  const ofRecord = (key: 'body.ccmRecordId' | 'headers.ccmrecordid') => ({ resource, record: { kind: 'ccmRecord', key } }) as const;
  const createBody = refined(spec.fields.extend({ ccmRecordId: idSchema }), spec.refine as SubRecordRefinement<unknown>);
  const updateBody = refined(spec.fields, spec.refine as SubRecordRefinement<unknown>);
  const itemSchema = subRecordBaseSchema.extend(spec.item.shape);
  const list = z.array(itemSchema);
  return {
    slug,
    createBody,
    updateBody,
    itemSchema,
    create: endpoint({
      method: 'POST',
      path: slug,
      tag,
      summary: `Add a ${noun} to a CCM record (404 when the record is not in the caller's offices)`,
      permission: permissions.write,
      body: createBody,
      response: itemSchema,
      successStatus: 201,
      changesAccess: false,
      audit: ofRecord('body.ccmRecordId'),
    }),
    update: endpoint({
      method: 'PUT',
      path: `${slug}/{id}`,
      tag,
      summary: `Update a ${noun} (404 outside the caller's offices)`,
      permission: permissions.write,
      params: subRecordIdParamsSchema,
      body: updateBody,
      response: itemSchema,
      changesAccess: false,
      audit: ofRow,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${slug}/{id}`,
      tag,
      summary: `Delete a ${noun} (404 outside the caller's offices)`,
      permission: permissions.write,
      params: subRecordIdParamsSchema,
      response: subRecordDeletedSchema,
      changesAccess: false,
      audit: ofRow,
    }),
    getByPatientId: endpoint({
      method: 'GET',
      path: `${slug}/getbypatientid`,
      tag,
      summary: `The patient's ${noun} entries in the caller's offices, newest first (header patientId; 404 for a patient out of scope)`,
      permission: permissions.read,
      headers: subRecordPatientHeadersSchema,
      response: list,
      audit: { resource, patient: 'headers.patientid' },
    }),
    getByCcmRecordId: endpoint({
      method: 'GET',
      path: `${slug}/getbyccmrecordid`,
      tag,
      summary: `The ${noun} entries of one CCM record, newest first (header ccmRecordId; 404 for a record out of scope)`,
      permission: permissions.read,
      headers: subRecordCcmRecordHeadersSchema,
      response: list,
      audit: ofRecord('headers.ccmrecordid'),
    }),
  } as const;
}

/** The declarations `subRecordEndpoints` returns for one group. */
export type SubRecordEndpoints = ReturnType<typeof subRecordEndpoints>;
