/**
 * The measurements feature's public surface (docs/architecture.md "Feature boundaries"): grading
 * a reading against its thresholds, the hub devices cache, the office-local time helpers, and
 * ingestion itself for other sources of readings (Terra, docs/integrations.md).
 */
export { resolveThresholds, severityOfReading } from './thresholds';
export { forgetHubDevices } from './hub-devices';
export { localParts, zonedMidnight, zoneOffsetMs } from './time';
export { ingest, restateTerraReadings, TERRA_HUB_KEY, type IngestCaller } from './measurements.service';
