/**
 * The sso feature's public surface (docs/architecture.md "Feature boundaries"): what other
 * features may call. Only the password sign-in policy: it imports nothing of features/auth, so
 * auth may call it while sso calls auth's index.
 */
export { passwordSignInRefusal } from './sso.policy';
