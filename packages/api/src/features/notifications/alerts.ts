import { NotificationType } from '@vigil/contract';
import type { AppContext } from '../../context';
import { abnormalMeasurementTexts } from './alert-messages';
import * as repo from './notifications.repo';
import { createAndDeliver } from './notifications.service';
import { systemScope } from '../../db/scope';
import { loggableError } from '../../lib/loggable-error';
import { tenantDb } from '../../db/handles';

/** A reading as committed by ingestion, for alerting. Values in canonical UCUM units keyed by LOINC. */
export interface CommittedReading {
  measurementId: number;
  patientId: number;
  hospitalId: number;
  deviceType: string;
  /** 0 normal, 1 caution, 2 critical */
  severity: 0 | 1 | 2;
  valuesJson: Record<string, number>;
  measuredAt: Date;
  isSimulated: boolean;
  /**
   * Set when the reading's stored values were replaced by a newer copy (a Terra day's later copy,
   * docs/integrations.md "Readings"): the alert of the new values is one more alert of the reading.
   */
  revision?: string;
}

/** The dedupe key of a reading's alert: one per recipient and measurement (and revision of its values), whoever calls twice. */
export const alertDedupeKey = (measurementId: number, revision?: string) => (revision ? `measurement:${measurementId}:${revision}` : `measurement:${measurementId}`);

/**
 * Called by ingestion AFTER the readings are committed (README "Remote monitoring", "Alerts"): for
 * every reading with severity >= 1, an abnormal-measurement notification (type 3) to each active
 * member of the patient's medical team in the reading's office (medical_teams +
 * medical_team_members), with severity, deviceType, measurementId, relatedPatientId, hospitalId and
 * the team, additionalData { measuredAt, isSimulated, patientFullname } (the patient's first + last
 * name, so a pushed row can name the patient at once), and messages in
 * English and Spanish naming the patient, the values in display units and the severity ("Critical
 * blood pressure 186/124 mmHg for Ana García" / "Presión arterial crítica 186/124 mmHg para Ana
 * García"; a simulated reading says so). All of a call's notifications are written in one
 * transaction, then pushed on the real-time socket to those users.
 *
 * Idempotent: a repeated call for the same measurement writes nothing new (dedupe key per
 * recipient). Never throws: the readings are already stored and acknowledged; a failure is logged
 * (without values or names) and the reading stays visible in the patient's record.
 */
export async function raiseMeasurementAlerts(ctx: AppContext, readings: CommittedReading[]): Promise<void> {
  const abnormal = readings.filter((r) => r.severity >= 1);
  if (abnormal.length === 0) { return; }
  try {
    const recipients = await repo.findTeamRecipients(tenantDb(systemScope, ctx.db), abnormal);
    if (recipients.length === 0) { return; }
    const patients = new Map(
      (await repo.findUserNames(tenantDb(systemScope, ctx.db), [...new Set(abnormal.map((r) => r.patientId))])).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]),
    );
    const values = abnormal.flatMap((reading) => {
      const team = recipients.filter((m) => m.patientId === reading.patientId && m.hospitalId === reading.hospitalId);
      if (team.length === 0) { return []; }
      const texts = abnormalMeasurementTexts({
        deviceType: reading.deviceType,
        severity: reading.severity as 1 | 2,
        valuesJson: reading.valuesJson,
        patientName: patients.get(reading.patientId) ?? '',
        isSimulated: reading.isSimulated,
      });
      return team.map((member) => ({
        notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT,
        fromUserId: null,
        toUserId: member.userId,
        relatedPatientId: reading.patientId,
        hospitalId: reading.hospitalId,
        medicalTeamId: member.medicalTeamId,
        measurementId: reading.measurementId,
        messageEn: texts.en,
        messageEs: texts.es,
        severity: reading.severity,
        deviceType: reading.deviceType,
        // patientFullname: the worklist shows a pushed alert's patient before its reload (the name is in the messages already).
        additionalData: { measuredAt: reading.measuredAt.toISOString(), isSimulated: reading.isSimulated, patientFullname: patients.get(reading.patientId) ?? '' },
        dedupeKey: alertDedupeKey(reading.measurementId, reading.revision),
      }));
    });
    await createAndDeliver(ctx, values);
  } catch (err) {
    ctx.log.error({ err: loggableError(err), measurementIds: abnormal.map((r) => r.measurementId) }, 'could not raise measurement alerts');
  }
}
