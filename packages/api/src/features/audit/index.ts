// The audit feature's public surface (docs/architecture.md "Feature boundaries").
export { checkChain } from './audit.service';
