/** The metadata feature's public surface (docs/architecture.md "Feature boundaries"): the ideal body weight rule. */
export { idealBodyWeightKg, sexFromGender } from './ideal-weight';
export { upsertImportedDoctorMetadata, upsertImportedNurseMetadata, upsertImportedPatientMetadata, setPatientRegistrationNumber } from './metadata.imported';
