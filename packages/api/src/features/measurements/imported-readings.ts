import { eq } from 'drizzle-orm';
import type { DeviceType } from '@vigil/contract';
import { tenantDb, type SystemDb } from '../../db/handles';
import { measurements } from '../../db/schema/index';
import * as repo from './measurements.repo';
import { resolveThresholds, severityOfReading } from './thresholds';
import { sameJson } from '../../lib/same-json';

/**
 * A reading brought in from another system's record (the FHIR importer's Observations,
 * docs/architecture.md "Table ownership"): already in canonical units (fhir.vitals.ts), of
 * `patientId` in office `hospitalId`, identified by `externalRef` ('Observation/<id>').
 */
export interface ImportedReadingInput {
  patientId: number;
  hospitalId: number;
  deviceType: DeviceType;
  measuredAt: Date;
  /** The offset the reading was taken at ('+01:00'). */
  measuredAtOffset: string;
  /** LOINC code -> value in the catalogue's canonical unit. */
  values: Record<string, number>;
  externalRef: string;
}

/** What `storeImportedReading` did: created, updated (values or time changed), unchanged, or a duplicate of a stored reading. */
export type ImportedReadingOutcome = { status: 'created' | 'updated' | 'unchanged'; severity: 0 | 1 | 2 } | { status: 'duplicate' };


/**
 * Stores an imported reading in the importer's transaction (`sys.db`): graded against the office's
 * thresholds (hospital_device_defaults, thresholds.ts) like every other reading (portal spec
 * "Remote monitoring"), source 'fhir', hub key 0 and device key minus the patient id (one identity
 * space per patient). A re-import of the same `externalRef` updates the stored reading when
 * anything changed; a reading whose identity (patient, type, instant) is already stored from
 * another source is a duplicate and nothing is written. Severity 0 normal, 1 warning, 2 critical.
 */
export async function storeImportedReading(sys: SystemDb, input: ImportedReadingInput): Promise<ImportedReadingOutcome> {
  const officeJson = (await repo.findOfficeDefaults(tenantDb(sys.scope, sys.db), [input.hospitalId], [input.deviceType])).get(`${input.hospitalId}|${input.deviceType}`);
  const severity = severityOfReading(input.values, resolveThresholds(input.deviceType, officeJson).thresholds) as 0 | 1 | 2;
  const reading = {
    deviceType: input.deviceType,
    measuredAt: input.measuredAt,
    measuredAtOffset: input.measuredAtOffset,
    valuesJson: input.values,
    severity,
    deviceKey: -input.patientId,
  };
  const [existing] = await sys.db.select().from(measurements).where(eq(measurements.externalRef, input.externalRef)).limit(1);
  if (!existing) {
    const rows = await sys.db
      .insert(measurements)
      .values({ ...reading, patientId: input.patientId, hospitalId: input.hospitalId, hubKey: 0, source: 'fhir', isManual: false, isSimulated: false, externalRef: input.externalRef })
      .onConflictDoNothing()
      .returning({ id: measurements.id });
    return rows.length > 0 ? { status: 'created', severity } : { status: 'duplicate' };
  }
  const same =
    existing.deviceType === reading.deviceType &&
    existing.measuredAt.getTime() === reading.measuredAt.getTime() &&
    existing.measuredAtOffset === reading.measuredAtOffset &&
    existing.severity === reading.severity &&
    existing.deviceKey === reading.deviceKey &&
    sameJson(existing.valuesJson, reading.valuesJson);
  if (same) { return { status: 'unchanged', severity }; }
  await sys.db.update(measurements).set(reading).where(eq(measurements.id, existing.id));
  return { status: 'updated', severity };
}
