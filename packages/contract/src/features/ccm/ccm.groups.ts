import { subRecordEndpoints } from '../../common/sub-records';
import { ccmAllergyFieldsSchema, ccmAllergyItemSchema, refineAllergenCode } from './ccm.schemas';

/**
 * The CCM sub-record groups (portal-spec.md section 7 "CCM"), one `subRecordEndpoints` call each.
 * A group's object carries its five declarations and its form and answer schemas; the API serves
 * it with `lib/sub-records`, the web builds its section from it. Kept out of the `contract` map
 * (ccm.contract.ts re-exports the declarations by name) so that each endpoint is listed once.
 */
export const ccmAllergyGroup = subRecordEndpoints({
  slug: 'ccmallergy',
  tag: 'CCM',
  noun: 'allergy',
  fields: ccmAllergyFieldsSchema,
  refine: refineAllergenCode,
  item: ccmAllergyItemSchema,
  permissions: { read: 'ccm.read', write: 'ccm.manage' },
});
