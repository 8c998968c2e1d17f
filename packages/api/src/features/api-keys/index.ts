/**
 * The api-keys feature's public surface (docs/architecture.md "Feature boundaries"): the recorder
 * of a key's last use, which app.ts hands to the API-key principal (lib/api-key-auth.ts
 * `useApiKeyUseRecorder`).
 */
export { recordApiKeyUse } from './key-use';
