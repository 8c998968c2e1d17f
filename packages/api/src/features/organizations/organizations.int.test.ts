import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createOffice, createOrganization, createTenancyFixture, createTestApp, createUser, signInAs, type TestApp } from '../../../test/setup';
import { organizations } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
type Headers = Record<string, string>;
let as: {
  sysadmin: Headers;
  orgAdminA: Headers;
  orgAdminB: Headers;
  officeAdminA1: Headers;
  doctorA1: Headers;
  verifier: Headers;
  partnerA: Headers;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const verifier = await createUser(t, { role: Role.VERIFIER });
  const partnerA = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
  as = {
    sysadmin: await signInAs(t, f.sysadmin.username),
    orgAdminA: await signInAs(t, f.orgAdminA.username),
    orgAdminB: await signInAs(t, f.orgAdminB.username),
    officeAdminA1: await signInAs(t, f.officeAdminA1.username),
    doctorA1: await signInAs(t, f.doctorA1.username),
    verifier: await signInAs(t, verifier.username),
    partnerA: await signInAs(t, partnerA.username),
  };
});
afterAll(async () => t.close());

/** Calls the API in English (the fixture users' stored language is Spanish) unless `headers` says otherwise. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });

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
    const all = await call('GET', 'medicalinstitution?pageSize=200', as.sysadmin);
    expect(all.statusCode).toBe(200);
    const ids = all.json().data.items.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([f.orgA.id, f.orgB.id]));
    expect(all.json().data.total).toBe(ids.length);

    const found = await call('GET', `medicalinstitution?search=${encodeURIComponent(f.orgB.institutionName)}`, as.sysadmin);
    expect(found.json().data).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(found.json().data.items[0]).toMatchObject({ id: f.orgB.id, institutionName: f.orgB.institutionName, officeCount: 1 });

    const onePerPage = await call('GET', 'medicalinstitution?pageSize=1&page=2&sort=-institutionName', as.sysadmin);
    expect(onePerPage.json().data.items).toHaveLength(1);
    expect(onePerPage.json().data.total).toBe(ids.length);
  });

  it('shows an organization admin and an office admin only their own organization', async () => {
    for (const headers of [as.orgAdminA, as.officeAdminA1, as.doctorA1]) {
      const res = await call('GET', 'medicalinstitution', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items.map((o: { id: number }) => o.id)).toEqual([f.orgA.id]);
      expect(res.json().data.total).toBe(1);
    }
    const b = await call('GET', 'medicalinstitution', as.orgAdminB);
    expect(b.json().data.items.map((o: { id: number }) => o.id)).toEqual([f.orgB.id]);
  });

  it('rejects a page size over 200 and an unknown sort field', async () => {
    const res = await call('GET', 'medicalinstitution?pageSize=500&sort=password', as.sysadmin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['pageSize', 'sort']);
  });

  it('refuses a role without organizations.read', async () => {
    const res = await call('GET', 'medicalinstitution', as.verifier);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resFlag: false, msg: 'You do not have permission to do this' });
  });
});

describe('POST medicalinstitution', () => {
  it('creates an organization and stores the contact phone in E.164', async () => {
    const res = await call('POST', 'medicalinstitution', as.sysadmin, validBody({ institutionName: 'Clinica Uno' }));
    expect(res.statusCode).toBe(201);
    const org = res.json().data;
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
    const res = await call('POST', 'medicalinstitution', as.sysadmin, validBody({ contactPhone: '912 345 678', country: 'es' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ contactPhone: '+34912345678', country: 'ES' });
    const missing = await call('POST', 'medicalinstitution', as.sysadmin, validBody({ contactPhone: '', contactEmail: '' }));
    expect(missing.json().data).toMatchObject({ contactPhone: '', contactEmail: '' });
  });

  it('answers the spec field messages for a missing name and an invalid phone, in Spanish when asked', async () => {
    const noName = await call('POST', 'medicalinstitution', as.sysadmin, validBody({ institutionName: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ institutionName: 'This field is required' });

    const badPhone = await call('POST', 'medicalinstitution', as.sysadmin, validBody({ contactPhone: '12345' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toEqual({ contactPhone: 'This field must be a valid phone number' });

    const es = await call('POST', 'medicalinstitution', { ...as.sysadmin, 'accept-language': 'es' }, validBody({ contactEmail: 'not-an-email' }));
    expect(es.statusCode).toBe(400);
    expect(es.json().errors).toEqual({ contactEmail: 'Este campo debe ser un correo electrónico válido' });
  });

  it('refuses an organization admin (no organizations.manage)', async () => {
    const res = await call('POST', 'medicalinstitution', as.orgAdminA, validBody());
    expect(res.statusCode).toBe(403);
  });
});

describe('GET medicalinstitution/{id}', () => {
  it('returns the caller\'s own organization', async () => {
    const res = await call('GET', `medicalinstitution/${f.orgA.id}`, as.officeAdminA1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: f.orgA.id, institutionName: f.orgA.institutionName, officeCount: 2 });
  });

  it('reads another organization as not found', async () => {
    for (const headers of [as.orgAdminA, as.officeAdminA1]) {
      const res = await call('GET', `medicalinstitution/${f.orgB.id}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resFlag: false, data: null, msg: 'Invalid id' });
    }
    expect((await call('GET', `medicalinstitution/${f.orgB.id}`, as.sysadmin)).statusCode).toBe(200);
  });

  it('rejects an id that is not a positive number', async () => {
    const res = await call('GET', 'medicalinstitution/abc', as.sysadmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });

  it('refuses a role without organizations.read', async () => {
    expect((await call('GET', `medicalinstitution/${f.orgA.id}`, as.verifier)).statusCode).toBe(403);
  });
});

describe('PUT medicalinstitution/{id}', () => {
  it('lets an organization admin update their own organization, phone stored in E.164', async () => {
    const org = await createOrganization(t);
    const admin = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: org.id });
    const headers = await signInAs(t, admin.username);
    const res = await call('PUT', `medicalinstitution/${org.id}`, headers, validBody({ institutionName: 'Renamed', contactPhone: '912345678', country: 'ES' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: org.id, institutionName: 'Renamed', contactPhone: '+34912345678', country: 'ES' });
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.institutionName).toBe('Renamed');
  });

  it('answers 404 for another organization and leaves it unchanged', async () => {
    const res = await call('PUT', `medicalinstitution/${f.orgB.id}`, as.orgAdminA, validBody({ institutionName: 'Hijacked' }));
    expect(res.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, f.orgB.id));
    expect(row!.institutionName).toBe(f.orgB.institutionName);
  });

  it('answers the phone message for an invalid contact phone', async () => {
    const res = await call('PUT', `medicalinstitution/${f.orgA.id}`, as.orgAdminA, validBody({ contactPhone: '555' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ contactPhone: 'This field must be a valid phone number' });
  });

  it('refuses an office admin (no organizations.update)', async () => {
    expect((await call('PUT', `medicalinstitution/${f.orgA.id}`, as.officeAdminA1, validBody())).statusCode).toBe(403);
  });
});

describe('DELETE medicalinstitution/{id}', () => {
  it('deletes an organization without offices or users', async () => {
    const org = await createOrganization(t);
    const res = await call('DELETE', `medicalinstitution/${org.id}`, as.sysadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: org.id });
    expect((await call('GET', `medicalinstitution/${org.id}`, as.sysadmin)).statusCode).toBe(404);
  });

  it('refuses with 409 while the organization still has offices', async () => {
    const org = await createOrganization(t);
    await createOffice(t, org.id);
    const res = await call('DELETE', `medicalinstitution/${org.id}`, as.sysadmin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', msg: 'The data conflicts with a record that already exists' });
    expect((await call('GET', `medicalinstitution/${org.id}`, as.sysadmin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown organization and 400 for a bad id', async () => {
    expect((await call('DELETE', 'medicalinstitution/999999', as.sysadmin)).statusCode).toBe(404);
    expect((await call('DELETE', 'medicalinstitution/-1', as.sysadmin)).statusCode).toBe(400);
  });

  it('refuses an organization admin, even for their own organization', async () => {
    expect((await call('DELETE', `medicalinstitution/${f.orgA.id}`, as.orgAdminA)).statusCode).toBe(403);
  });
});

describe('GET medicalinstitution/getrelatedorganizationpatients', () => {
  type Entry = { hospitalId: number; hospitalName: string; userId: number; userFullname: string; email: string; status: number };

  it('lists the organization patients with their office, one entry per patient and office', async () => {
    const res = await call('GET', 'medicalinstitution/getrelatedorganizationpatients', { ...as.orgAdminA, organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(200);
    const items: Entry[] = res.json().data.items;
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
    expect(res.json().data.total).toBe(2);
  });

  it('accepts the organization id as a query parameter and filters by office and search text', async () => {
    const byOffice = await call('GET', `medicalinstitution/getrelatedorganizationpatients?organizationId=${f.orgA.id}&hospitalId=${f.a2.id}`, as.orgAdminA);
    expect(byOffice.json().data.items.map((e: Entry) => e.userId)).toEqual([f.patientA2.id]);
    const bySearch = await call('GET', `medicalinstitution/getrelatedorganizationpatients?search=${f.patientA1.lastName}`, {
      ...as.orgAdminA,
      organizationid: String(f.orgA.id),
    });
    expect(bySearch.json().data.items.map((e: Entry) => e.userId)).toEqual([f.patientA1.id]);
  });

  it('shows an office admin only the patients of their own office', async () => {
    const res = await call('GET', 'medicalinstitution/getrelatedorganizationpatients', { ...as.officeAdminA1, organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((e: Entry) => e.userId)).toEqual([f.patientA1.id]);
  });

  it('reads another organization as not found', async () => {
    const res = await call('GET', 'medicalinstitution/getrelatedorganizationpatients', { ...as.orgAdminA, organizationid: String(f.orgB.id) });
    expect(res.statusCode).toBe(404);
  });

  it('requires the organizationid header', async () => {
    const res = await call('GET', 'medicalinstitution/getrelatedorganizationpatients', as.orgAdminA);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ organizationid: 'This field is required' });
  });

  it('refuses a partner (organizations.read but no patients.read)', async () => {
    const res = await call('GET', 'medicalinstitution/getrelatedorganizationpatients', { ...as.partnerA, organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET medicalinstitution/getrelatedorganizationmedicalstaffV2', () => {
  const url = 'medicalinstitution/getrelatedorganizationmedicalstaffV2';
  const idsOf = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((u) => u.id).sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('lists the doctors, nurses, office admins and caregivers of the organization offices', async () => {
    const res = await call('GET', `${url}?pageSize=200`, { ...as.orgAdminA, organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(sorted([f.officeAdminA1.id, f.officeAdminA2.id, f.doctorA1.id, f.nurseA1.id, f.doctorA2.id, f.caregiverA1.id]));
    const doctor = res.json().data.items.find((u: { id: number }) => u.id === f.doctorA1.id);
    expect(doctor).toMatchObject({ roleId: Role.DOCTOR, username: f.doctorA1.username, hospitalsAssignedData: [expect.objectContaining({ id: f.a1.id })] });
  });

  it('filters by role and pages', async () => {
    const doctors = await call('GET', `${url}?roleId=3`, { ...as.orgAdminA, organizationid: String(f.orgA.id) });
    expect(idsOf(doctors)).toEqual(sorted([f.doctorA1.id, f.doctorA2.id]));
    const page = await call('GET', `${url}?pageSize=2&page=2`, { ...as.orgAdminA, organizationid: String(f.orgA.id) });
    expect(page.json().data).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page.json().data.items).toHaveLength(2);
  });

  it('shows an office admin only the staff of their own office', async () => {
    const res = await call('GET', `${url}`, { ...as.officeAdminA1, organizationid: String(f.orgA.id) });
    expect(idsOf(res)).toEqual(sorted([f.officeAdminA1.id, f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]));
  });

  it('reads another organization as not found', async () => {
    expect((await call('GET', url, { ...as.orgAdminB, organizationid: String(f.orgA.id) })).statusCode).toBe(404);
  });

  it('rejects a role filter that is not a staff role', async () => {
    const res = await call('GET', `${url}?roleId=5`, { ...as.orgAdminA, organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ roleId: 'This field needs to be formatted' });
  });

  it('refuses a role without users.read', async () => {
    expect((await call('GET', url, { ...as.partnerA, organizationid: String(f.orgA.id) })).statusCode).toBe(403);
  });
});
