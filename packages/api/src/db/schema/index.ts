export * from './core';
export * from './monitoring';
export * from './billing';
export * from './ccm';
export * from './surveys';
export * from './prescriptions';
export * from './diagnoses';
export * from './enrolment';
