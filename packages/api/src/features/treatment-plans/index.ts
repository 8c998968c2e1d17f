/** The treatment-plans feature's public surface (docs/architecture.md "Feature boundaries"): monitoring plans' schedules. */
export { expectedMeasurementTimes, expectedMeasurementsBetween, type ExpectedMeasurement } from './schedule';
export { findActivePlanSchedules, type ActivePlanSchedule } from './treatment-plans.service';
