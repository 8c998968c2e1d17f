import {
  LATE_READING_MINUTES,
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  type AlertValue,
  type DeviceType,
  type Lang,
  type Notification,
  type NotificationMinimal,
  type NotificationWithPatient,
  type UnitPreferences,
} from '@vigil/contract';
import type { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');

/** The names a notification's view shows, from joined user rows (null when the user is gone or absent). */
export interface NotificationNames {
  fromFirstName: string | null;
  fromLastName: string | null;
  toFirstName: string | null;
  toLastName: string | null;
  processedByFirstName: string | null;
  processedByLastName: string | null;
}

/** A stored notification as received (spec section 3), with the spec's mapped fields. */
export function toNotificationView(row: NotificationRow, names: NotificationNames): Notification {
  const processedByFullname = row.processedBy === null ? null : fullName(names.processedByFirstName, names.processedByLastName);
  return {
    notificationId: row.id,
    notificationTypeId: row.notificationTypeId,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    messageEn: row.messageEn,
    messageEsp: row.messageEs,
    timestamp: row.createdAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    isGroupNotification: row.isGroupNotification,
    appointmentId: null,
    appointmentRequestId: null,
    // A mental-health alert (types 12 / 13) names its survey recurrence in additionalData (features/surveys).
    surveyRecurrencId: typeof row.additionalData.surveyRecurrenceId === 'number' ? row.additionalData.surveyRecurrenceId : null,
    medicalTeamId: row.medicalTeamId,
    hospitalId: row.hospitalId,
    processingStatus: row.processingStatus,
    processedBy: row.processedBy,
    processedByFullname,
    processedAt: row.processedAt?.toISOString() ?? null,
    resolutionComments: row.resolutionComments,
    attachedFile: null,
    attachedFileExtension: null,
    relatedPatientId: row.relatedPatientId,
    direction: row.direction,
    deviceType: row.deviceType,
    severity: row.severity,
    measurementId: row.measurementId,
    AdditionalData: row.additionalData,
    FromUserFullname: row.fromUserId === null ? '' : fullName(names.fromFirstName, names.fromLastName),
    UserFullname: fullName(names.toFirstName, names.toLastName),
    MessageToSend: row.messageEn,
    MessageToSendEsp: row.messageEs,
    NotificationSentToGroup: row.isGroupNotification,
    RelatedToNotificationId: row.relatedToNotificationId,
    NId: row.id,
    ReferenceData: row.referenceData,
  };
}

/** The bell's shape of a notification. */
export function toMinimalView(
  row: Pick<NotificationRow, 'id' | 'notificationTypeId' | 'fromUserId' | 'messageEn' | 'messageEs' | 'createdAt' | 'isRead' | 'severity' | 'deviceType' | 'relatedPatientId' | 'processingStatus'>,
  from: { firstName: string | null; lastName: string | null },
): NotificationMinimal {
  return {
    notificationId: row.id,
    NId: row.id,
    notificationTypeId: row.notificationTypeId,
    fromUserId: row.fromUserId,
    FromUserFullname: row.fromUserId === null ? '' : fullName(from.firstName, from.lastName),
    messageEn: row.messageEn,
    messageEsp: row.messageEs,
    timestamp: row.createdAt.toISOString(),
    isRead: row.isRead,
    severity: row.severity,
    deviceType: row.deviceType,
    relatedPatientId: row.relatedPatientId,
    processingStatus: row.processingStatus,
  };
}

const canonicalUnits = new Map(Object.values(measurementCatalogue).flatMap((d) => d.values.map((v) => [v.code, v.unit] as const)));

/**
 * A reading's values (canonical, keyed by LOINC) as the worklist shows them: in the catalogue's
 * order for the device type (then any other codes), each canonical and in `prefs`' display unit
 * (`toDisplay`), with the unit's label in Spanish, the product's default (`unitLabelIn`). Non-numeric entries are skipped.
 */
export function alertValues(deviceType: string | null, valuesJson: Record<string, unknown> | null | undefined, prefs: UnitPreferences, lang: Lang = 'es'): AlertValue[] {
  if (!valuesJson) { return []; }
  const present = Object.keys(valuesJson).filter((code) => typeof valuesJson[code] === 'number' && Number.isFinite(valuesJson[code]));
  const known = (measurementCatalogue[deviceType as DeviceType]?.values ?? []).map((v) => v.code).filter((code) => present.includes(code));
  return [...known, ...present.filter((code) => !known.includes(code))].map((code) => {
    const value = valuesJson[code] as number;
    const display = toDisplay(code, value, prefs);
    return {
      code,
      value,
      unit: canonicalUnits.get(code) ?? display.unit,
      displayValue: display.value,
      displayUnit: display.unit,
      // In the request's language: a pulse is "bpm" in English, "lpm" only in Spanish (unitLabelIn).
      displayUnitLabel: unitLabelIn(display.unit, lang),
    };
  });
}

/** Whether a reading arrived more than LATE_READING_MINUTES after it was measured (docs/dates.md, "Late readings"). */
export function isLateReading(measuredAt: Date | null, receivedAt: Date | null): boolean {
  return measuredAt !== null && receivedAt !== null && receivedAt.getTime() - measuredAt.getTime() > LATE_READING_MINUTES * 60_000;
}

/** The worklist's shape of an alert; `prefs` are the caller's display units, `lang` the request's (unit labels). */
export function toWorklistView(
  row: NotificationRow,
  prefs: UnitPreferences,
  extra: {
    patientFirstName: string | null;
    patientLastName: string | null;
    hospitalName: string | null;
    processedByFirstName: string | null;
    processedByLastName: string | null;
    measuredAt: Date | null;
    receivedAt: Date | null;
    isSimulated: boolean | null;
    valuesJson: Record<string, unknown> | null;
  },
  lang: Lang = 'es',
): NotificationWithPatient {
  const scheduledAt = typeof row.additionalData.scheduledAt === 'string' ? row.additionalData.scheduledAt : null;
  return {
    notificationId: row.id,
    NId: row.id,
    notificationTypeId: row.notificationTypeId,
    messageEn: row.messageEn,
    messageEsp: row.messageEs,
    timestamp: row.createdAt.toISOString(),
    isRead: row.isRead,
    severity: row.severity,
    deviceType: row.deviceType,
    measurementId: row.measurementId,
    relatedPatientId: row.relatedPatientId,
    hospitalId: row.hospitalId,
    processingStatus: row.processingStatus,
    processedBy: row.processedBy,
    processedByFullname: row.processedBy === null ? null : fullName(extra.processedByFirstName, extra.processedByLastName),
    processedAt: row.processedAt?.toISOString() ?? null,
    resolutionComments: row.resolutionComments,
    AdditionalData: row.additionalData,
    patientFirstName: extra.patientFirstName ?? '',
    patientLastName: extra.patientLastName ?? '',
    patientFullname: fullName(extra.patientFirstName, extra.patientLastName),
    hospitalName: extra.hospitalName ?? '',
    measuredAt: extra.measuredAt?.toISOString() ?? scheduledAt,
    receivedAt: extra.receivedAt?.toISOString() ?? null,
    isLate: isLateReading(extra.measuredAt, extra.receivedAt),
    isSimulated: extra.isSimulated ?? false,
    values: alertValues(row.deviceType, extra.valuesJson, prefs, lang),
  };
}
