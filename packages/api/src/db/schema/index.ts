export * from './core';
export * from './monitoring';
