/**
 * The notifications feature's public surface (docs/architecture.md "Feature boundaries"): alerts
 * for committed readings, notifying a patient's team, and the texts of the scheduled alerts.
 */
export { raiseMeasurementAlerts, type CommittedReading } from './alerts';
export { dailyGoalTexts, missedMeasurementTexts, reminderTexts } from './alert-messages';
export { createAndDeliver, findTeamRecipients } from './notifications.service';
export { alertCareTeam, type CareTeamAlert } from './care-team-alerts';
