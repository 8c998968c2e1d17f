// The audit feature's public surface (docs/architecture.md "Feature boundaries").
export { checkFull, checkIncremental, type CheckSources } from './chain-check';
export { auditKeyWarning, auditProtection, runCheckpointTick, verifyIncrementally } from './checkpoints.service';
