/** Every CCM query of the patient page starts with this key; CCM mutations invalidate it. */
export const ccmRootKey = ['ccm'] as const;
export const ccmRecordsKey = (patientId: number) => [...ccmRootKey, 'records', patientId] as const;
export const subRecordsOfRecordKey = (slug: string, ccmRecordId: number) => [...ccmRootKey, slug, 'record', ccmRecordId] as const;
