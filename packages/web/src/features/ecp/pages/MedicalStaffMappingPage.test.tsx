import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ecp, offices, Role } from '@vigil/contract';
import { officeOf, TEST_OFFICE, userOf } from '../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import MedicalStaffMappingPage from './MedicalStaffMappingPage';

// /medicalStaffMapping for the admins who pick an office (portal-spec.md section 2 "ECP mapping"):
// the staff list is read for a real office only. Read with office 0 while the offices load, the API
// answered 400 for system and organization admins.
describe('/medicalStaffMapping for system and organization admins', () => {
  for (const role of [Role.SYSTEM_ADMIN, Role.ORGANIZATION_ADMIN]) {
    it(`reads the staff and the ECP users of the first office only (role ${role})`, async () => {
      const staffCalls: ReceivedRequest[] = [];
      const logCalls: ReceivedRequest[] = [];
      server.use(
        answer(offices.findOffices, { items: [officeOf()], total: 1, page: 1, pageSize: 200 }),
        answer(offices.getLandingOffice, { officeId: TEST_OFFICE.id, monitoredPatients: 3 }),
        answer(ecp.getEcpLogs, [], logCalls),
        answer(offices.findOfficeMedicalStaff, [], staffCalls),
      );
      await renderWithProviders(<MedicalStaffMappingPage />, { user: userOf(role, { hospitalAssignedData: null, hospitalsAssignedData: [] } as never), selectedOffice: -1 });
      await waitFor(() => expect(staffCalls.length).toBeGreaterThan(0));
      await waitFor(() => expect(logCalls.length).toBeGreaterThan(0));
      expect(staffCalls.map((c) => c.headers.hospitalid)).toEqual(staffCalls.map(() => String(TEST_OFFICE.id)));
      expect(logCalls.map((c) => c.headers.hospitalid)).toEqual(logCalls.map(() => String(TEST_OFFICE.id)));
    });
  }
});
