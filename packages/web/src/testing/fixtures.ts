import { Role, roleNames, type Notification, type Office, type RoleId, type User } from '@vigil/contract';

/** The office of the test fixtures: New York (its clock is what the calendar tests show). */
export const TEST_OFFICE = { id: 11, hospitalName: 'Clínica Hudson', organizationId: 3, isAdmin: false } as const;

/**
 * A signed-in user of role `roleId` assigned to TEST_OFFICE (a whole contract `User`, so it is what
 * GET user/{id} answers); `overrides` replaces any field.
 */
export function userOf(roleId: RoleId = Role.NURSE, overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'nurse.rivera',
    email: 'rivera@example.org',
    firstName: 'Lucía',
    lastName: 'Rivera',
    phone: '',
    gender: 'F',
    birthdate: null,
    address: '',
    addressLatitude: null,
    addressLongitude: null,
    city: '',
    zip: '',
    state: '',
    country: 'US',
    countryName: 'United States',
    language: 'en',
    userTimezone: '',
    status: 1,
    userSettingsJson: {},
    isSequoiaUser: false,
    emailValidated: true,
    roleId,
    roleData: { id: roleId, roleName: roleNames[roleId].name },
    organizationId: TEST_OFFICE.organizationId,
    organizationAssignedData: { id: TEST_OFFICE.organizationId, institutionName: 'Red Hudson' },
    hospitalAssignedData: { ...TEST_OFFICE },
    hospitalsAssignedData: [{ ...TEST_OFFICE }],
    medicalTeamsData: [],
    ...overrides,
  } as User;
}

/** TEST_OFFICE as GET hospital/{id} answers it: New York, RPM on. `overrides` replaces any field. */
export function officeOf(overrides: Partial<Office> = {}): Office {
  return {
    id: TEST_OFFICE.id,
    organizationId: TEST_OFFICE.organizationId,
    organizationName: 'Red Hudson',
    hospitalName: TEST_OFFICE.hospitalName,
    hospitalNameESP: TEST_OFFICE.hospitalName,
    address: '',
    addressLatitude: null,
    addressLongitude: null,
    city: 'New York',
    state: 'NY',
    zip: '10001',
    country: 'US',
    phone: '',
    email: '',
    timeZone: 'America/New_York',
    rpmEnabled: true,
    rtmEnabled: false,
    ccmEnabled: false,
    assessmentsEnabled: false,
    status: 1,
    ...overrides,
  } as Office;
}

/**
 * An alert (a notification of a critical blood pressure of patient 53, Ana García, in TEST_OFFICE)
 * as the socket pushes it and GET notification/... lists it; `overrides` replaces any field.
 */
export function alertOf(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: 901,
    notificationTypeId: 3,
    fromUserId: null,
    toUserId: 7,
    messageEn: 'Critical blood pressure 186/124 mmHg for Ana García',
    messageEsp: 'Presión arterial crítica 186/124 mmHg para Ana García',
    timestamp: '2026-03-12T19:45:00.000Z',
    isRead: false,
    readAt: null,
    isGroupNotification: false,
    appointmentId: null,
    appointmentRequestId: null,
    surveyRecurrencId: null,
    medicalTeamId: 4,
    hospitalId: TEST_OFFICE.id,
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
    AdditionalData: { measuredAt: '2026-03-12T19:45:00.000Z', isSimulated: false, patientFullname: 'Ana García' },
    FromUserFullname: '',
    UserFullname: 'Lucía Rivera',
    MessageToSend: 'Critical blood pressure 186/124 mmHg for Ana García',
    MessageToSendEsp: 'Presión arterial crítica 186/124 mmHg para Ana García',
    NotificationSentToGroup: false,
    RelatedToNotificationId: null,
    NId: 901,
    ReferenceData: '',
    ...overrides,
  };
}
