/** The billing engine's public surface (pure: no database). */
export * from './settings';
export * from './codes';
export * from './types';
export * from './dates';
export { computePatientMonth, deviceProgramOf, type MonthResult, type MonthMetrics } from './compute';
export { computeReadiness, type PatientReadiness, type ReadinessFlag, type ProgramReadiness, AT_RISK_MARGIN_DAYS, MINUTE_MARKS } from './readiness';
export { readingWindow, episodeAnchor, devicePeriodsEndingIn, periodContaining, PERIOD_DAYS } from './device';
export { countTime, isCocmActivity, type TimeBucket } from './time';
