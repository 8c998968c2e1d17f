/**
 * The auth feature's public surface (docs/architecture.md "Feature boundaries"): what other
 * features and app.ts may call. Everything else of features/auth is internal.
 */
export { currentScopeOfSession, endSessionById, openSessionForUser, resolveSession, SIGN_IN_TOKEN_PURPOSE } from './auth.service';
export { consumeUserToken, endSessionsOfUser, insertUserToken, retireUserTokens, setSessionWebSocketTokenHash } from './user-tokens.service';
