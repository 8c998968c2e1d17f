/**
 * The measurements feature's public surface (docs/architecture.md "Feature boundaries"): grading
 * a reading against its thresholds, the hub devices cache, and the office-local time helpers.
 */
export { resolveThresholds, severityOfReading } from './thresholds';
export { forgetHubDevices } from './hub-devices';
export { localParts, zonedMidnight, zoneOffsetMs } from './time';
