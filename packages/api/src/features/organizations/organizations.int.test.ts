import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, organizations as organizationsApi } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createOffice, createOrganization, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { organizations } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t, { signIn: 'api' });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

const validBody = (values: object = {}) => ({
  institutionName: 'Hospital Clínico Norte',
  institutionNameESP: 'Hospital Clínico Norte',
  contactPhone: '(202) 456-1111',
  contactEmail: 'contact@norte.example',
  address: '1 Main St',
  city: 'Boston',
  state: 'MA',
  zip: '02118',
  country: 'US',
  ...values,
});

describe('GET medicalinstitution', () => {
  it('lists every organization for a system admin, paged and searchable by name', async () => {
    const all = await callAs(f.sysadmin, organizationsApi.findOrganizations, { query: { pageSize: 200 } });
    expect(all.status).toBe(200);
    const ids = all.body.items.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([f.orgA.id, f.orgB.id]));
    expect(all.body.total).toBe(ids.length);

    const found = await callAs(f.sysadmin, organizationsApi.findOrganizations, { query: { search: f.orgB.institutionName } });
    expect(found.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(found.body.items[0]).toMatchObject({ id: f.orgB.id, institutionName: f.orgB.institutionName, officeCount: 1 });

    const onePerPage = await callAs(f.sysadmin, organizationsApi.findOrganizations, { query: { pageSize: 1, page: 2, sort: '-institutionName' } });
    expect(onePerPage.body.items).toHaveLength(1);
    expect(onePerPage.body.total).toBe(ids.length);
  });

  it('shows an organization admin and an office admin only their own organization', async () => {
    for (const who of [f.orgAdminA, f.officeAdminA1, f.doctorA1]) {
      const res = await callAs(who, organizationsApi.findOrganizations);
      expect(res.status).toBe(200);
      expect(res.body.items.map((o: { id: number }) => o.id)).toEqual([f.orgA.id]);
      expect(res.body.total).toBe(1);
    }
    const b = await callAs(f.orgAdminB, organizationsApi.findOrganizations);
    expect(b.body.items.map((o: { id: number }) => o.id)).toEqual([f.orgB.id]);
  });

  it('rejects a page size over 200 and an unknown sort field', async () => {
    const res = await callAs(f.sysadmin, organizationsApi.findOrganizations, { query: { pageSize: 500, sort: invalid('password') } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['pageSize', 'sort']);
  });
});

describe('POST medicalinstitution', () => {
  it('creates an organization and stores the contact phone in E.164', async () => {
    const res = await callAs(f.sysadmin, organizationsApi.createOrganization, { body: validBody({ institutionName: 'Clinica Uno' }) });
    expect(res.status).toBe(201);
    const org = res.body;
    expect(org).toMatchObject({
      institutionName: 'Clinica Uno',
      institutionNameESP: 'Hospital Clínico Norte',
      contactPhone: '+12024561111',
      contactEmail: 'contact@norte.example',
      city: 'Boston',
      country: 'US',
      status: 1,
      officeCount: 0,
    });
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.contactPhone).toBe('+12024561111');
  });

  it('validates the phone for the selected country (a Spanish number for ES)', async () => {
    const res = await callAs(f.sysadmin, organizationsApi.createOrganization, { body: validBody({ contactPhone: '912 345 678', country: 'es' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactPhone: '+34912345678', country: 'ES' });
    const missing = await callAs(f.sysadmin, organizationsApi.createOrganization, { body: validBody({ contactPhone: '', contactEmail: '' }) });
    expect(missing.body).toMatchObject({ contactPhone: '', contactEmail: '' });
  });

  it('answers the spec field messages for a missing name and an invalid phone, in Spanish when asked', async () => {
    const noName = await callAs(f.sysadmin, organizationsApi.createOrganization, { body: validBody({ institutionName: '' }) });
    expect(noName.status).toBe(400);
    expect(noName.errors).toEqual({ institutionName: 'This field is required' });

    const badPhone = await callAs(f.sysadmin, organizationsApi.createOrganization, { body: validBody({ contactPhone: '12345' }) });
    expect(badPhone.status).toBe(400);
    expect(badPhone.errors).toEqual({ contactPhone: 'This field must be a valid phone number' });

    const es = await callAs(f.sysadmin, organizationsApi.createOrganization, { lang: 'es', body: validBody({ contactEmail: 'not-an-email' }) });
    expect(es.status).toBe(400);
    expect(es.errors).toEqual({ contactEmail: 'Este campo debe ser un correo electrónico válido' });
  });
});

describe('GET medicalinstitution/{id}', () => {
  it('returns the caller\'s own organization', async () => {
    const res = await callAs(f.officeAdminA1, organizationsApi.getOrganization, { params: { id: f.orgA.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: f.orgA.id, institutionName: f.orgA.institutionName, officeCount: 2 });
  });

  it('reads another organization as not found', async () => {
    for (const who of [f.orgAdminA, f.officeAdminA1]) {
      const res = await callAs(who, organizationsApi.getOrganization, { params: { id: f.orgB.id } });
      expect(res.status).toBe(404);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: 'Invalid id' });
    }
    expect((await callAs(f.sysadmin, organizationsApi.getOrganization, { params: { id: f.orgB.id } })).status).toBe(200);
  });

  it('rejects an id that is not a positive number', async () => {
    const res = await callAs(f.sysadmin, organizationsApi.getOrganization, { params: { id: invalid('abc') } });
    expect(res.status).toBe(400);
    expect(res.errors).toHaveProperty('id');
  });
});

describe('PUT medicalinstitution/{id}', () => {
  it('lets an organization admin update their own organization, phone stored in E.164', async () => {
    const org = await createOrganization(t);
    const admin = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: org.id });
    const res = await callAs(admin, organizationsApi.updateOrganization, { params: { id: org.id }, body: validBody({ institutionName: 'Renamed', contactPhone: '912345678', country: 'ES' }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: org.id, institutionName: 'Renamed', contactPhone: '+34912345678', country: 'ES' });
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.institutionName).toBe('Renamed');
  });

  it('answers 404 for another organization and leaves it unchanged', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.updateOrganization, { params: { id: f.orgB.id }, body: validBody({ institutionName: 'Hijacked' }) });
    expect(res.status).toBe(404);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, f.orgB.id));
    expect(row!.institutionName).toBe(f.orgB.institutionName);
  });

  it('answers the phone message for an invalid contact phone', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.updateOrganization, { params: { id: f.orgA.id }, body: validBody({ contactPhone: '555' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ contactPhone: 'This field must be a valid phone number' });
  });
});

describe('DELETE medicalinstitution/{id}', () => {
  it('deletes an organization without offices or users', async () => {
    const org = await createOrganization(t);
    const res = await callAs(f.sysadmin, organizationsApi.deleteOrganization, { params: { id: org.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: org.id });
    expect((await callAs(f.sysadmin, organizationsApi.getOrganization, { params: { id: org.id } })).status).toBe(404);
  });

  it('refuses with 409 while the organization still has offices', async () => {
    const org = await createOrganization(t);
    await createOffice(t, org.id);
    const res = await callAs(f.sysadmin, organizationsApi.deleteOrganization, { params: { id: org.id } });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ code: 'conflict', msg: 'The data conflicts with a record that already exists' });
    expect((await callAs(f.sysadmin, organizationsApi.getOrganization, { params: { id: org.id } })).status).toBe(200);
  });

  it('answers 404 for an unknown organization and 400 for a bad id', async () => {
    expect((await callAs(f.sysadmin, organizationsApi.deleteOrganization, { params: { id: 999999 } })).status).toBe(404);
    expect((await callAs(f.sysadmin, organizationsApi.deleteOrganization, { params: { id: invalid(-1) } })).status).toBe(400);
  });
});

describe('GET medicalinstitution/getrelatedorganizationpatients', () => {
  type Entry = { hospitalId: number; hospitalName: string; userId: number; userFullname: string; email: string | null; status: number };

  it('lists the organization patients with their office, one entry per patient and office', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.findOrganizationPatients, { headers: { organizationid: f.orgA.id } });
    expect(res.status).toBe(200);
    const items: Entry[] = res.body.items;
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        {
          hospitalId: f.a1.id,
          hospitalName: f.a1.hospitalName,
          userId: f.patientA1.id,
          userFullname: `${f.patientA1.firstName} ${f.patientA1.lastName}`,
          email: f.patientA1.email,
          status: 1,
        },
        expect.objectContaining({ hospitalId: f.a2.id, userId: f.patientA2.id }),
      ]),
    );
    expect(res.body.total).toBe(2);
  });

  it('accepts the organization id as a query parameter and filters by office and search text', async () => {
    const byOffice = await callAs(f.orgAdminA, organizationsApi.findOrganizationPatients, { query: { hospitalId: f.a2.id }, rawQuery: { organizationId: f.orgA.id } });
    expect(byOffice.body.items.map((e: Entry) => e.userId)).toEqual([f.patientA2.id]);
    const bySearch = await callAs(f.orgAdminA, organizationsApi.findOrganizationPatients, { headers: { organizationid: f.orgA.id }, query: { search: f.patientA1.lastName } });
    expect(bySearch.body.items.map((e: Entry) => e.userId)).toEqual([f.patientA1.id]);
  });

  it('shows an office admin only the patients of their own office', async () => {
    const res = await callAs(f.officeAdminA1, organizationsApi.findOrganizationPatients, { headers: { organizationid: f.orgA.id } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: Entry) => e.userId)).toEqual([f.patientA1.id]);
  });

  it('reads another organization as not found', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.findOrganizationPatients, { headers: { organizationid: f.orgB.id } });
    expect(res.status).toBe(404);
  });

  it('requires the organizationid header', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.findOrganizationPatients);
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ organizationid: 'This field is required' });
  });
});

describe('GET medicalinstitution/getrelatedorganizationmedicalstaffV2', () => {
  const idsOf = (res: { body: { items: { id: number }[] } }) => res.body.items.map((u) => u.id).sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('lists the doctors, nurses, office admins and caregivers of the organization offices', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id }, query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(sorted([f.officeAdminA1.id, f.officeAdminA2.id, f.doctorA1.id, f.nurseA1.id, f.doctorA2.id, f.caregiverA1.id]));
    const doctor = res.body.items.find((u: { id: number }) => u.id === f.doctorA1.id);
    expect(doctor).toMatchObject({ roleId: Role.DOCTOR, username: f.doctorA1.username, hospitalsAssignedData: [expect.objectContaining({ id: f.a1.id })] });
  });

  it('filters by role and pages', async () => {
    const doctors = await callAs(f.orgAdminA, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id }, query: { roleId: 3 } });
    expect(idsOf(doctors)).toEqual(sorted([f.doctorA1.id, f.doctorA2.id]));
    const page = await callAs(f.orgAdminA, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id }, query: { pageSize: 2, page: 2 } });
    expect(page.body).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
  });

  it('shows an office admin only the staff of their own office', async () => {
    const res = await callAs(f.officeAdminA1, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id } });
    expect(idsOf(res)).toEqual(sorted([f.officeAdminA1.id, f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]));
  });

  it('reads another organization as not found', async () => {
    expect((await callAs(f.orgAdminB, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id } })).status).toBe(404);
  });

  it('rejects a role filter that is not a staff role', async () => {
    const res = await callAs(f.orgAdminA, organizationsApi.findOrganizationMedicalStaffV2, { headers: { organizationid: f.orgA.id }, query: { roleId: 5 } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ roleId: 'This field needs to be formatted' });
  });
});
