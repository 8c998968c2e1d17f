/**
 * The notifications feature's public surface (docs/architecture.md "Feature boundaries"): alerts
 * for committed readings, notifying a patient's team, the texts of the scheduled alerts, and the
 * group's endpoints that features/appointments registers.
 */
export { raiseMeasurementAlerts, type CommittedReading } from './alerts';
export { dailyGoalTexts, missedMeasurementTexts, reminderTexts } from './alert-messages';
export { countOpenAlerts, createAndDeliver, findTeamRecipients, type OpenAlertCounts } from './notifications.service';
export { alertCareTeam, type CareTeamAlert } from './care-team-alerts';
export { VIDEO_CALL_NOTIFICATION_ENDPOINTS } from './notifications.routes';
