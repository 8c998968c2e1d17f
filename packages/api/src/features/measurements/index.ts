/**
 * The measurements feature's public surface (docs/architecture.md "Feature boundaries"): grading
 * a reading against its thresholds, the hub devices cache, the office-local time helpers, and
 * ingestion itself for other sources of readings (Terra, docs/integrations.md), and manual
 * readings other features write in their own transaction (the CCM vital entries, manual-readings.ts).
 */
export { resolveThresholds, severityOfReading } from './thresholds';
export { forgetHubDevices } from './hub-devices';
export { localParts, zonedMidnight, zoneOffsetMs } from './time';
export { ingest, restateTerraReadings, TERRA_HUB_KEY, type IngestCaller } from './measurements.service';
export { alertManualReadings, changeManualReading, deleteManualReading, recordManualReading, type ManualReadingInput, type StoredManualReading } from './manual-readings';
export { storeImportedReading, type ImportedReadingInput, type ImportedReadingOutcome } from './imported-readings';
