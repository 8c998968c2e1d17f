import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { notifications, type Notification, type NotificationWithPatientPage } from '@vigil/contract';
import { pagesKeyOf, queryKeyOf } from '../../../lib/endpoint-keys';
import { applyIncomingNotification, toWorklistRow } from './live-updates';

// The cache logic under test needs neither the signed-in user nor the socket (browser-only modules).
vi.mock('../../../lib/auth', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('../../../lib/use-realtime', () => ({ useRealtimeEvent: () => undefined }));

function pushedAlert(additionalData: Record<string, unknown>): Notification {
  return {
    notificationId: 901,
    notificationTypeId: 3,
    fromUserId: null,
    toUserId: 7,
    messageEn: 'Critical blood pressure 186/124 mmHg for Ana García',
    messageEsp: 'Presión arterial crítica 186/124 mmHg para Ana García',
    timestamp: '2026-01-10T10:00:00.000Z',
    isRead: false,
    readAt: null,
    isGroupNotification: false,
    appointmentId: null,
    appointmentRequestId: null,
    surveyRecurrencId: null,
    medicalTeamId: 4,
    hospitalId: 12,
    processingStatus: 0,
    processedBy: null,
    processedByFullname: null,
    processedAt: null,
    resolutionComments: null,
    attachedFile: null,
    attachedFileExtension: null,
    relatedPatientId: 53,
    direction: 'in',
    deviceType: 'BLOOD_PRESSURE',
    severity: 2,
    measurementId: 88,
    AdditionalData: additionalData,
    FromUserFullname: '',
    UserFullname: 'Dana Doctor',
    MessageToSend: 'Critical blood pressure 186/124 mmHg for Ana García',
    MessageToSendEsp: 'Presión arterial crítica 186/124 mmHg para Ana García',
    NotificationSentToGroup: false,
    RelatedToNotificationId: null,
    NId: 901,
    ReferenceData: '',
  };
}

describe('a measurement alert pushed on the socket', () => {
  it("names the patient on its worklist row from the alert's additionalData, before any reload", () => {
    const row = toWorklistRow(pushedAlert({ measuredAt: '2026-01-10T09:59:00.000Z', isSimulated: false, patientFullname: 'Ana García' }), 'North Clinic');
    expect(row).toMatchObject({ patientFullname: 'Ana García', relatedPatientId: 53, hospitalName: 'North Clinic', measuredAt: '2026-01-10T09:59:00.000Z', isSimulated: false });
  });

  it('keeps the name empty (the "Patient no." fallback) when an older alert carries none', () => {
    expect(toWorklistRow(pushedAlert({}), '').patientFullname).toBe('');
    expect(toWorklistRow(pushedAlert({ patientFullname: 42 }), '').patientFullname).toBe('');
  });

  it('goes to the top of the open first worklist page with the patient named', () => {
    const qc = new QueryClient();
    const key = queryKeyOf(notifications.getMyPushNotificationsWithPatient, { headers: { hospitalid: -1 }, query: { page: 1, pageSize: 25 } });
    qc.setQueryData<NotificationWithPatientPage>(key, { items: [], total: 0, page: 1, pageSize: 25 } as unknown as NotificationWithPatientPage);
    applyIncomingNotification(qc, pushedAlert({ patientFullname: 'Ana García' }), new Map([[12, 'North Clinic']]));
    const page = qc.getQueryData<NotificationWithPatientPage>(key)!;
    expect(page.items.map((i) => [i.notificationId, i.patientFullname, i.hospitalName])).toEqual([[901, 'Ana García', 'North Clinic']]);
    expect(page.total).toBe(1);
  });

  it("goes on the open first page of its own patient's alert history only, and leaves a gathered report read to its reload", () => {
    const qc = new QueryClient();
    const history = (patientid: number) =>
      queryKeyOf(notifications.getMyPushNotificationsWithPatient, { headers: { patientid }, query: { filtercase: 'WEEK', processed: 'all', sort: 'newest', page: 1, pageSize: 10 } });
    const report = pagesKeyOf(notifications.getMyPushNotificationsWithPatient, { headers: { hospitalid: 12 }, query: { pageSize: 200 } }, { day: '2026-01-10' });
    const empty = { items: [], total: 0, page: 1, pageSize: 10 } as unknown as NotificationWithPatientPage;
    for (const key of [history(53), history(54)]) { qc.setQueryData(key, empty); }
    qc.setQueryData(report, { items: [], view: 'own', truncated: false });
    applyIncomingNotification(qc, pushedAlert({ patientFullname: 'Ana García' }), new Map());
    expect(qc.getQueryData<NotificationWithPatientPage>(history(53))!.items.map((i) => i.notificationId)).toEqual([901]);
    expect(qc.getQueryData<NotificationWithPatientPage>(history(54))!.items).toEqual([]);
    expect(qc.getQueryData<{ items: unknown[] }>(report)!.items).toEqual([]);
    expect(qc.getQueryState(report)!.isInvalidated).toBe(true);
  });
});
