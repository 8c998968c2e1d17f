export * from './common/messages';
export * from './common/envelope';
export * from './common/ids';
export * from './common/roles';
export * from './common/permissions';
export * from './common/endpoint';
export * from './common/validation';
export * from './features/index';
