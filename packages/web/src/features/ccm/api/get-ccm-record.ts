import { ccm } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/** GET ccmrecord/{id}: the record with every subsection (nothing is read without a record). */
export function useCcmRecord(id: number | null) {
  return useEndpointQuery(ccm.getCcmRecordById, { params: { id: id ?? 0 } }, { enabled: id !== null });
}
