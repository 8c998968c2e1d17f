/** `ccmallergy` runs the shared CCM sub-record suite (test/sub-records.suite.ts) with its own form mistakes. */
import { ccmAllergyGroup } from '@vigil/contract';
import { describeSubRecordGroup } from '../../../test/sub-records.suite';
import { ccmAllergies } from '../../db/schema/index';

describeSubRecordGroup({
  group: ccmAllergyGroup,
  table: ccmAllergies,
  valid: { allergen: 'Penicillin G', allergenCodeSystem: 'RXNORM', allergenCode: '7980', category: 'MEDICATION', reaction: 'Hives', severity: 'MODERATE', onsetDate: '2019-04-02', status: 'ACTIVE', notes: 'Since childhood' },
  changed: { allergen: 'Peanut', allergenCodeSystem: 'TEXT', allergenCode: '', category: 'FOOD', reaction: 'Anaphylaxis', severity: 'SEVERE', onsetDate: null, status: 'INACTIVE', notes: '' },
  invalid: [
    { name: 'a missing allergen and category', patch: { allergen: '  ', category: undefined }, errors: { allergen: 'required', category: 'required' } },
    { name: 'an RxNorm allergen without its code', patch: { allergenCode: '' }, errors: { allergenCode: 'required' } },
    { name: 'a SNOMED CT code that is not a concept id', patch: { allergenCodeSystem: 'SNOMED', allergenCode: '12ab' }, errors: { allergenCode: 'regex' } },
    { name: 'an over-long reaction and an unknown severity', patch: { reaction: 'x'.repeat(201), severity: 'FATAL' }, errors: { reaction: ['max', { length: 200 }], severity: 'regex' } },
    { name: 'an onset date in the future', patch: { onsetDate: '2999-01-01' }, errors: { onsetDate: 'futureDate' }, serverOnly: true },
  ],
});
