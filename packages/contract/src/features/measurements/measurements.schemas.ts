export * from './measurement-types';
