import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Role, UserStatus, type RoleId } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { emailOutbox, patientMetadata, sessions, userHospitals, userTokens, users } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';
import { insertSession } from '../auth/auth.repo';
import sharp from 'sharp';

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API in English (fixture users store ESP, and messages follow the caller's language). */
const api = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, headers: { 'accept-language': 'en', ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const sessionCache = new Map<number, Headers>();
/** Staff sign in through the API; patients and caregivers cannot, so their session is opened directly. */
async function as(user: { id: number; username: string; roleId: number }): Promise<Headers> {
  const cached = sessionCache.get(user.id);
  if (cached) { return cached; }
  let headers: Headers;
  if (user.roleId === Role.PATIENT || user.roleId === Role.CARE_GIVER) {
    const token = newToken();
    await insertSession(t.ctx.db, { tokenHash: tokenHash(token), userId: user.id, sessionType: 'MOBILE', ip: '', expiresAt: new Date(Date.now() + 3_600_000) });
    headers = { sessionguid: token };
  } else {
    headers = await signInAs(t, user.username);
  }
  sessionCache.set(user.id, headers);
  return headers;
}

const ids = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((u) => u.id);
const isAuthenticated = async (headers: Headers) =>
  (await api('GET', 'auth/checkauthentication', headers)).json().data.authenticated as boolean;
const latestMailTo = async (address: string) => {
  const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.id)).limit(1);
  return row;
};
const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}#token=([A-Za-z0-9_%-]+)`).exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
};
const mk = (role: RoleId, orgId: number | null, offices: number[], values: Partial<typeof users.$inferInsert> = {}) =>
  createUser(t, { role, organizationId: orgId, offices, values });

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A real 16x12 JPEG with EXIF GPS (a home's position) and camera data, made by sharp itself. */
const jpegWithGps = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'VigilTestCam', Copyright: 'Secret Home' },
      // IFD3 is libvips' name for the GPS IFD.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 3600/100' },
    })
    .toBuffer();

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----vigiltest${Date.now().toString(16)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (headers: Headers, file: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url: '/api/user/uploadmyprofileimage', headers: { 'accept-language': 'en', ...headers, ...file.headers }, payload: file.payload });

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  await t.ctx.db.insert(patientMetadata).values({ userId: fx.patientA1.id, ssn: '123-45-6789', medicalRegistrationNumber: 'MRN-A1' });
});
afterAll(async () => t.close());

describe('GET user', () => {
  it('lists the users of the office admin\'s office, paged, and no one from another office or organization', async () => {
    const res = await api('GET', 'user?pageSize=200', await as(fx.officeAdminA1));
    expect(res.statusCode).toBe(200);
    const seen = ids(res);
    for (const u of [fx.officeAdminA1, fx.doctorA1, fx.nurseA1, fx.patientA1, fx.caregiverA1]) { expect(seen).toContain(u.id); }
    for (const u of [fx.doctorA2, fx.patientA2, fx.doctorB1, fx.patientB1, fx.orgAdminB]) { expect(seen).not.toContain(u.id); }
    expect(res.json().data.total).toBe(seen.length);
    const doctor = res.json().data.items.find((u: { id: number }) => u.id === fx.doctorA1.id);
    expect(doctor.hospitalsAssignedData.map((h: { id: number }) => h.id)).toEqual([fx.a1.id]);
    expect(doctor).not.toHaveProperty('passwordHash');
  });

  it('filters by roleId, status, hospitalId and search, sorts and pages in SQL', async () => {
    const headers = await as(fx.orgAdminA);
    const doctors = await api('GET', `user?roleId=${Role.DOCTOR}&sort=-lastName&pageSize=200`, headers);
    expect(ids(doctors).sort()).toEqual([fx.doctorA1.id, fx.doctorA2.id].sort());
    const names = doctors.json().data.items.map((u: { lastName: string }) => u.lastName);
    expect(names).toEqual([...names].sort().reverse());
    const inA2 = await api('GET', `user?hospitalId=${fx.a2.id}&pageSize=200`, headers);
    expect(ids(inA2).sort()).toEqual([fx.officeAdminA2.id, fx.doctorA2.id, fx.patientA2.id].sort());
    const search = await api('GET', `user?search=${encodeURIComponent(fx.nurseA1.lastName.toUpperCase())}`, headers);
    expect(ids(search)).toEqual([fx.nurseA1.id]);
    const page = await api('GET', 'user?page=2&pageSize=2&sort=id', headers);
    expect(page.json().data).toMatchObject({ page: 2, pageSize: 2 });
    expect(ids(page)).toHaveLength(2);
    const inactive = await mk(Role.NURSE, fx.orgA.id, [fx.a2.id], { status: 0 });
    const inactiveList = await api('GET', 'user?status=0&pageSize=200', headers);
    expect(ids(inactiveList)).toContain(inactive.id);
    expect(inactiveList.json().data.items.every((u: { status: number }) => u.status === 0)).toBe(true);
  });

  it('never shows a patient\'s SSN in the list', async () => {
    const res = await api('GET', 'user?pageSize=200', await as(fx.sysadmin));
    expect(res.body).not.toContain('6789');
  });

  it('rejects a bad sort field and an oversized page with the form message', async () => {
    const res = await api('GET', 'user?sort=passwordHash&pageSize=5000', await as(fx.officeAdminA1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ sort: 'This field needs to be formatted', pageSize: 'This field needs to be formatted' });
  });

  it('refuses a role without users.read (partner) with 403', async () => {
    const partner = await mk(Role.PARTNER, fx.orgA.id, []);
    expect((await api('GET', 'user', await as(partner))).statusCode).toBe(403);
  });

  it('answers 404 for an office of another organization and hides that organization\'s users', async () => {
    expect((await api('GET', `user?hospitalId=${fx.b1.id}`, await as(fx.orgAdminA))).statusCode).toBe(404);
    const seen = ids(await api('GET', 'user?pageSize=200', await as(fx.orgAdminB)));
    expect(seen).toContain(fx.doctorB1.id);
    expect(seen).not.toContain(fx.doctorA1.id);
  });
});

describe('GET user/{id}', () => {
  it('returns a user of the office with offices, organization and role data', async () => {
    const res = await api('GET', `user/${fx.doctorA1.id}`, await as(fx.officeAdminA1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: fx.doctorA1.id,
      roleId: Role.DOCTOR,
      roleData: { id: Role.DOCTOR, roleName: 'DOCTOR' },
      organizationId: fx.orgA.id,
      organizationAssignedData: { id: fx.orgA.id, institutionName: fx.orgA.institutionName },
      hospitalAssignedData: { id: fx.a1.id },
    });
  });

  it('shows a patient\'s SSN only masked, and only to callers who manage patients', async () => {
    const admin = await api('GET', `user/${fx.patientA1.id}`, await as(fx.officeAdminA1));
    expect(admin.json().data.patientMetadata).toMatchObject({ medicalRegistrationNumber: 'MRN-A1', ssn: '***-**-6789' });
    expect(admin.body).not.toContain('123-45');
    const doctor = await api('GET', `user/${fx.patientA1.id}`, await as(fx.doctorA1));
    expect(doctor.statusCode).toBe(200);
    expect(doctor.json().data.patientMetadata).not.toHaveProperty('ssn');
  });

  it('lets any signed-in user read themselves (a verifier without users.read)', async () => {
    const verifier = await mk(Role.VERIFIER, null, []);
    const res = await api('GET', `user/${verifier.id}`, await as(verifier));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(verifier.username);
  });

  it('rejects a non-numeric id with the form message', async () => {
    const res = await api('GET', 'user/abc', await as(fx.officeAdminA1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ id: 'This field needs to be formatted' });
  });

  it('refuses a caregiver (no users.read) reading a nurse of their office with 403, but lets them read a patient', async () => {
    const headers = await as(fx.caregiverA1);
    expect((await api('GET', `user/${fx.nurseA1.id}`, headers)).statusCode).toBe(403);
    expect((await api('GET', `user/${fx.patientA1.id}`, headers)).statusCode).toBe(200);
  });

  it('answers 404 for a user of another office and of another organization', async () => {
    const headers = await as(fx.officeAdminA1);
    for (const other of [fx.doctorA2, fx.doctorB1, fx.orgAdminB]) {
      const res = await api('GET', `user/${other.id}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('Invalid id');
    }
  });
});

describe('GET user/getuserbyidminimal', () => {
  it('returns exactly id, names, roleId and status', async () => {
    const res = await api('GET', 'user/getuserbyidminimal', { ...(await as(fx.doctorA1)), userid: String(fx.nurseA1.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: fx.nurseA1.id, firstName: 'Test', lastName: fx.nurseA1.lastName, roleId: Role.NURSE, status: 1 });
  });

  it('accepts the id as a query parameter too', async () => {
    const res = await api('GET', `user/getuserbyidminimal?userid=${fx.nurseA1.id}`, await as(fx.doctorA1));
    expect(res.json().data.id).toBe(fx.nurseA1.id);
  });

  it('requires the userid header', async () => {
    const res = await api('GET', 'user/getuserbyidminimal', await as(fx.doctorA1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ userid: 'This field is required' });
  });

  it('refuses a caregiver reading a doctor with 403', async () => {
    const res = await api('GET', 'user/getuserbyidminimal', { ...(await as(fx.caregiverA1)), userid: String(fx.doctorA1.id) });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a user of another office', async () => {
    const res = await api('GET', 'user/getuserbyidminimal', { ...(await as(fx.doctorA1)), userid: String(fx.doctorA2.id) });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST user', () => {
  const staff = (over: Record<string, unknown> = {}) => ({
    firstName: 'mARY',
    lastName: "o'BRIEN",
    email: `Mary.${Date.now()}${Math.random().toString(36).slice(2, 6)}@Example.test`,
    phone: '(617) 555-0123',
    country: 'US',
    language: 'ENG',
    roleId: Role.DOCTOR,
    hospitalIds: [fx.a1.id],
    ...over,
  });

  it('creates a doctor in the office admin\'s office with normalised names, an E.164 phone and a validation e-mail', async () => {
    const body = staff();
    const res = await api('POST', 'user', await as(fx.officeAdminA1), body);
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({
      firstName: 'Mary',
      lastName: "O'Brien",
      phone: '+16175550123',
      email: body.email.toLowerCase(),
      language: 'ENG',
      roleId: Role.DOCTOR,
      organizationId: fx.orgA.id,
      status: 1,
      emailValidated: false,
      userTimezone: 'America/New_York',
    });
    expect(user.hospitalsAssignedData).toEqual([{ id: fx.a1.id, hospitalName: fx.a1.hospitalName, organizationId: fx.orgA.id, isAdmin: false }]);
    expect(user.username).toMatch(/^mary\.obrien\d*$/);
    const mail = await latestMailTo(body.email.toLowerCase());
    expect(mail?.subject).toBe('Activate your Vigil account');
    expect(tokenIn(mail!.bodyText, '/api/user/validatetoken')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).toBeNull();
  });

  it('stores a missing phone as an empty string and lets a patient have no e-mail', async () => {
    const res = await api('POST', 'user', await as(fx.officeAdminA1), {
      firstName: 'PEDRO',
      lastName: 'gómez',
      roleId: Role.PATIENT,
      hospitalIds: [fx.a1.id],
      birthdate: '1950-02-03',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ firstName: 'Pedro', lastName: 'Gómez', phone: '', email: null, language: 'ESP', birthdate: '1950-02-03' });
  });

  it('creates a user with a password who can sign in at once (argon2id hash)', async () => {
    const body = staff({ roleId: Role.NURSE, password: 'A-strong#pass1' });
    const res = await api('POST', 'user', await as(fx.orgAdminA), body);
    expect(res.statusCode).toBe(201);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, res.json().data.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const signIn = await api('POST', 'auth/signinv3', {}, { username: res.json().data.username, password: 'A-strong#pass1' });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers each invalid field with the spec\'s message', async () => {
    const res = await api('POST', 'user', await as(fx.officeAdminA1), {
      firstName: '',
      lastName: 'Smith',
      email: 'not-an-email',
      phone: '555-01',
      country: 'US',
      password: 'short',
      roleId: Role.DOCTOR,
      hospitalIds: [fx.a1.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'This field is required',
      email: 'This field must be a valid email',
      phone: 'This field must be a valid phone number',
      password: 'This field must be 10 characters or more',
    });
  });

  it('requires an e-mail for staff and at least one facility for office roles', async () => {
    const headers = await as(fx.officeAdminA1);
    const noMail = await api('POST', 'user', headers, staff({ email: undefined }));
    expect(noMail.json().errors).toEqual({ email: 'This field is required' });
    const noOffice = await api('POST', 'user', headers, staff({ hospitalIds: [] }));
    expect(noOffice.statusCode).toBe(400);
    expect(noOffice.json()).toMatchObject({ msg: 'At least one facility must be assigned', errors: { hospitalIds: 'At least one facility must be assigned' } });
  });

  it('answers 409 for a username or e-mail already in use', async () => {
    const res = await api('POST', 'user', await as(fx.officeAdminA1), staff({ email: fx.doctorB1.email!.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This username or e-mail is already in use');
    const dupName = await api('POST', 'user', await as(fx.officeAdminA1), staff({ username: fx.doctorB1.username }));
    expect(dupName.statusCode).toBe(409);
  });

  it('refuses a role without users.manage, and roles the caller may not create, with 403', async () => {
    expect((await api('POST', 'user', await as(fx.doctorA1), staff())).statusCode).toBe(403);
    expect((await api('POST', 'user', await as(fx.officeAdminA1), staff({ roleId: Role.HOSPITAL_ADMIN }))).statusCode).toBe(403);
    expect((await api('POST', 'user', await as(fx.orgAdminA), staff({ roleId: Role.ORGANIZATION_ADMIN, hospitalIds: [] }))).statusCode).toBe(403);
    expect((await api('POST', 'user', await as(fx.orgAdminA), staff({ roleId: Role.SYSTEM_ADMIN, hospitalIds: [] }))).statusCode).toBe(403);
  });

  it('lets an organization admin create an office admin, and only a system admin an organization admin of any organization', async () => {
    const officeAdmin = await api('POST', 'user', await as(fx.orgAdminA), staff({ roleId: Role.HOSPITAL_ADMIN, hospitalIds: [fx.a2.id] }));
    expect(officeAdmin.statusCode).toBe(201);
    expect(officeAdmin.json().data.hospitalsAssignedData[0]).toMatchObject({ id: fx.a2.id, isAdmin: true });
    const orgAdmin = await api('POST', 'user', await as(fx.sysadmin), staff({ roleId: Role.ORGANIZATION_ADMIN, hospitalIds: [], organizationId: fx.orgB.id }));
    expect(orgAdmin.statusCode).toBe(201);
    expect(orgAdmin.json().data.organizationId).toBe(fx.orgB.id);
  });

  it('answers 404 for an office or organization outside the caller\'s scope', async () => {
    expect((await api('POST', 'user', await as(fx.officeAdminA1), staff({ hospitalIds: [fx.a2.id] }))).statusCode).toBe(404);
    expect((await api('POST', 'user', await as(fx.orgAdminA), staff({ hospitalIds: [fx.b1.id] }))).statusCode).toBe(404);
    const otherOrg = await api('POST', 'user', await as(fx.orgAdminA), staff({ organizationId: fx.orgB.id }));
    expect(otherOrg.statusCode).toBe(404);
  });
});

describe('PUT user/{id}', () => {
  it('updates a user of the office: names normalised, phone in E.164 for the stored country', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id], { country: 'GB' });
    const res = await api('PUT', `user/${doctor.id}`, await as(fx.officeAdminA1), { firstName: 'jOHN', phone: '020 7946 0958', city: 'London' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'John', phone: '+442079460958', city: 'London', country: 'GB' });
  });

  it('lets a doctor update their own profile, and marks a changed e-mail not validated', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id], { emailValidated: true });
    const res = await api('PUT', `user/${doctor.id}`, await as(doctor), { lastName: 'sMITH', email: `NEW.${doctor.username}@example.test`, language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ lastName: 'Smith', email: `new.${doctor.username}@example.test`, emailValidated: false, language: 'ENG' });
  });

  it('answers an invalid phone or e-mail with the spec\'s message', async () => {
    const res = await api('PUT', `user/${fx.nurseA1.id}`, await as(fx.officeAdminA1), { phone: '12', country: 'US', email: 'x@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: 'This field must be a valid phone number', email: 'This field must be a valid email' });
    const stored = await api('PUT', `user/${fx.nurseA1.id}`, await as(fx.officeAdminA1), { phone: '12' });
    expect(stored.json().errors).toEqual({ phone: 'This field must be a valid phone number' });
  });

  it('refuses a doctor updating a nurse with 403', async () => {
    const res = await api('PUT', `user/${fx.nurseA1.id}`, await as(fx.doctorA1), { firstName: 'Eve' });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a user of another office or organization', async () => {
    expect((await api('PUT', `user/${fx.doctorA2.id}`, await as(fx.officeAdminA1), { firstName: 'Eve' })).statusCode).toBe(404);
    expect((await api('PUT', `user/${fx.doctorB1.id}`, await as(fx.orgAdminA), { firstName: 'Eve' })).statusCode).toBe(404);
  });

  it('answers 409 when the new e-mail belongs to another account', async () => {
    const res = await api('PUT', `user/${fx.nurseA1.id}`, await as(fx.officeAdminA1), { email: fx.doctorB1.email });
    expect(res.statusCode).toBe(409);
  });
});

describe('PUT user/updateV2/{id}', () => {
  it('replaces the offices of a user and updates the fields', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id]);
    const res = await api('PUT', `user/updateV2/${doctor.id}`, await as(fx.orgAdminA), { hospitalIds: [fx.a2.id], firstName: 'aNA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.firstName).toBe('Ana');
    expect(res.json().data.hospitalsAssignedData.map((h: { id: number }) => h.id)).toEqual([fx.a2.id]);
  });

  it('keeps assignments outside the caller\'s offices and requires at least one facility', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id, fx.a2.id]);
    const headers = await as(fx.officeAdminA1);
    const res = await api('PUT', `user/updateV2/${doctor.id}`, headers, { hospitalIds: [fx.a1.id] });
    expect(res.json().data.hospitalsAssignedData.map((h: { id: number }) => h.id).sort()).toEqual([fx.a1.id, fx.a2.id].sort());
    const only = await mk(Role.NURSE, fx.orgA.id, [fx.a1.id]);
    const none = await api('PUT', `user/updateV2/${only.id}`, headers, { hospitalIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('At least one facility must be assigned');
  });

  it('rejects a non-numeric office id with the form message', async () => {
    const res = await api('PUT', `user/updateV2/${fx.nurseA1.id}`, await as(fx.officeAdminA1), { hospitalIds: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'hospitalIds.0': 'This field needs to be formatted' });
  });

  it('refuses a doctor (no users.manage) with 403', async () => {
    expect((await api('PUT', `user/updateV2/${fx.doctorA1.id}`, await as(fx.doctorA1), { firstName: 'X' })).statusCode).toBe(403);
  });

  it('answers 404 for an office of another organization and a user of another office', async () => {
    const headers = await as(fx.orgAdminA);
    expect((await api('PUT', `user/updateV2/${fx.doctorA1.id}`, headers, { hospitalIds: [fx.b1.id] })).statusCode).toBe(404);
    expect((await api('PUT', `user/updateV2/${fx.doctorA2.id}`, await as(fx.officeAdminA1), { hospitalIds: [fx.a1.id] })).statusCode).toBe(404);
  });
});

describe('DELETE user/{id}', () => {
  it('soft-deletes: the user becomes inactive, their sessions end, the row stays', async () => {
    const nurse = await mk(Role.NURSE, fx.orgA.id, [fx.a1.id]);
    const nurseSession = await signInAs(t, nurse.username);
    const res = await api('DELETE', `user/${nurse.id}`, await as(fx.orgAdminA));
    expect(res.statusCode).toBe(200);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, nurse.id));
    expect(stored!.status).toBe(UserStatus.INACTIVE);
    expect(await isAuthenticated(nurseSession)).toBe(false);
  });

  it('refuses to delete a deceased patient (the status is final)', async () => {
    const patient = await mk(Role.PATIENT, fx.orgA.id, [fx.a1.id], { status: UserStatus.DECEASED });
    const res = await api('DELETE', `user/${patient.id}`, await as(fx.orgAdminA));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('A patient marked deceased cannot be changed back');
  });

  it('rejects a non-numeric id', async () => {
    expect((await api('DELETE', 'user/x1', await as(fx.orgAdminA))).json().errors).toEqual({ id: 'This field needs to be formatted' });
  });

  it('refuses an office admin (no users.delete) with 403', async () => {
    expect((await api('DELETE', `user/${fx.nurseA1.id}`, await as(fx.officeAdminA1))).statusCode).toBe(403);
  });

  it('answers 404 for a user of another organization', async () => {
    expect((await api('DELETE', `user/${fx.doctorB1.id}`, await as(fx.orgAdminA))).statusCode).toBe(404);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, fx.doctorB1.id));
    expect(stored!.status).toBe(1);
  });
});

describe('PUT user/changemylanguage', () => {
  it('saves ENG or ESP to the caller, accepting en / es too', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id]);
    const headers = await as(doctor);
    for (const [sent, stored] of [['en', 'ENG'], ['ESP', 'ESP'], ['ENG', 'ENG']] as const) {
      const res = await api('PUT', 'user/changemylanguage', headers, { language: sent });
      expect(res.json().data).toEqual({ language: stored });
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, doctor.id));
      expect(row!.language).toBe(stored);
    }
  });

  it('rejects a missing or unknown language with the form message', async () => {
    const headers = await as(fx.doctorA1);
    expect((await api('PUT', 'user/changemylanguage', headers, {})).json().errors).toEqual({ language: 'This field is required' });
    expect((await api('PUT', 'user/changemylanguage', headers, { language: 'fr' })).json().errors).toEqual({
      language: 'This field needs to be formatted',
    });
  });

  it('answers 401 without a session (every role holds self.update)', async () => {
    expect((await api('PUT', 'user/changemylanguage', {}, { language: 'en' })).statusCode).toBe(401);
  });
});

describe('PUT user/setstatus', () => {
  const set = async (headers: Headers, userId: number, status: number | string) =>
    api('PUT', 'user/setstatus', { ...headers, userid: String(userId), statusvaluetoset: String(status) });

  it('marks a patient deceased, and deceased cannot be undone', async () => {
    const patient = await mk(Role.PATIENT, fx.orgA.id, [fx.a1.id]);
    const headers = await as(fx.officeAdminA1);
    const pending = await set(headers, patient.id, UserStatus.PENDING);
    expect(pending.json().data).toMatchObject({ id: patient.id, status: UserStatus.PENDING });
    expect((await set(headers, patient.id, UserStatus.DECEASED)).statusCode).toBe(200);
    const back = await set(headers, patient.id, UserStatus.ACTIVE);
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ code: 'deceasedIsFinal', msg: 'A patient marked deceased cannot be changed back' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, patient.id));
    expect(row!.status).toBe(UserStatus.DECEASED);
  });

  it('ends the sessions of a disabled user', async () => {
    const nurse = await mk(Role.NURSE, fx.orgA.id, [fx.a1.id]);
    const nurseSession = await signInAs(t, nurse.username);
    expect((await set(await as(fx.officeAdminA1), nurse.id, UserStatus.INACTIVE)).statusCode).toBe(200);
    expect(await isAuthenticated(nurseSession)).toBe(false);
    const ended = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, nurse.id));
    expect(ended.every((s) => s.endedAt !== null)).toBe(true);
  });

  it('rejects an unknown status, a patient-only status for staff and a missing user id', async () => {
    const headers = await as(fx.officeAdminA1);
    expect((await set(headers, fx.nurseA1.id, 9)).json().errors).toEqual({ statusvaluetoset: 'This field needs to be formatted' });
    const staffDeceased = await set(headers, fx.nurseA1.id, UserStatus.DECEASED);
    expect(staffDeceased.statusCode).toBe(400);
    const missing = await api('PUT', 'user/setstatus', { ...headers, statusvaluetoset: '1' });
    expect(missing.json().errors).toEqual({ userid: 'This field is required' });
  });

  it('refuses a doctor (no users.setStatus) with 403', async () => {
    expect((await set(await as(fx.doctorA1), fx.patientA1.id, 0)).statusCode).toBe(403);
  });

  it('answers 404 for a patient of another office', async () => {
    expect((await set(await as(fx.officeAdminA1), fx.patientA2.id, 0)).statusCode).toBe(404);
    expect((await set(await as(fx.orgAdminA), fx.patientB1.id, 0)).statusCode).toBe(404);
  });
});

describe('POST user/changemypassword', () => {
  it('changes the password and ends the caller\'s other sessions, keeping the current one', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id]);
    const current = await signInAs(t, doctor.username);
    const other = await signInAs(t, doctor.username);
    const res = await api('POST', 'user/changemypassword', current, { currentPassword: TEST_PASSWORD, newPassword: 'Brand-new#pass9' });
    expect(res.statusCode).toBe(200);
    expect(await isAuthenticated(current)).toBe(true);
    expect(await isAuthenticated(other)).toBe(false);
    expect((await api('POST', 'auth/signinv3', {}, { username: doctor.username, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await api('POST', 'auth/signinv3', {}, { username: doctor.username, password: 'Brand-new#pass9' })).statusCode).toBe(200);
  });

  it('answers "Password could not be changed!" for a wrong current password', async () => {
    const res = await api('POST', 'user/changemypassword', await as(fx.nurseA1), { currentPassword: 'wrong-password', newPassword: 'Brand-new#pass9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Password could not be changed!');
  });

  it('rejects a short new password with the form message', async () => {
    const res = await api('POST', 'user/changemypassword', await as(fx.nurseA1), { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(res.json().errors).toEqual({ newPassword: 'This field must be 10 characters or more' });
  });

  it('answers 401 without a session', async () => {
    expect((await api('POST', 'user/changemypassword', {}, { currentPassword: 'a', newPassword: 'Brand-new#pass9' })).statusCode).toBe(401);
  });
});

describe('password reset by e-mail (sendvalidationlinkbyemail + changemypasswordwithvalidationtoken)', () => {
  it('runs end to end: link e-mailed, token read from the outbox, password set, sessions ended, signed in with the one-time token', async () => {
    const nurse = await mk(Role.NURSE, fx.orgA.id, [fx.a1.id], { language: 'ENG' });
    const oldSession = await signInAs(t, nurse.username);
    const sent = await api('POST', 'user/sendvalidationlinkbyemail', {}, { email: nurse.email!.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ resFlag: true, data: null, msg: 'OK' });
    const mail = await latestMailTo(nurse.email!);
    expect(mail!.subject).toBe('Reset your Vigil password');
    // The configured origin (VIGIL_PUBLIC_URL; loadTestConfig's https://portal.vigil.test), never the request's Host.
    expect(mail!.bodyText).toContain(`${t.ctx.config.publicUrl}/api/user/validatetoken#token=`);
    expect(mail!.bodyText).toContain('60 minutes');
    const token = tokenIn(mail!.bodyText, '/api/user/validatetoken')!;
    const [stored] = await t.ctx.db.select().from(userTokens).where(and(eq(userTokens.userId, nurse.id), eq(userTokens.purpose, 'reset')));
    expect(stored!.tokenHash).toBe(tokenHash(token));
    expect(stored!.tokenHash).not.toBe(token);

    const changed = await api('POST', 'user/changemypasswordwithvalidationtoken', {}, { token, newPassword: 'Reset#password1' });
    expect(changed.statusCode).toBe(200);
    const signInToken = changed.json().data.signInToken as string;
    expect(await isAuthenticated(oldSession)).toBe(false);
    const viaToken = await api('POST', 'auth/signinwithtokenv2', {}, { token: signInToken, ip: '10.0.0.1' });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json().data.user).toMatchObject({ id: nurse.id, emailValidated: true });
    expect((await api('POST', 'auth/signinv3', {}, { username: nurse.username, password: 'Reset#password1' })).statusCode).toBe(200);

    const again = await api('POST', 'user/changemypasswordwithvalidationtoken', {}, { token, newPassword: 'Another#pass22' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Password could not be changed!');
  });

  it('answers OK for an unknown e-mail without sending anything (no account enumeration)', async () => {
    const before = (await t.ctx.db.select().from(emailOutbox)).length;
    const res = await api('POST', 'user/sendvalidationlinkbyemail', {}, { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect((await t.ctx.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('writes the e-mail in the user\'s language', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id], { language: 'ESP' });
    await api('POST', 'user/sendvalidationlinkbyemail', {}, { email: doctor.email });
    expect((await latestMailTo(doctor.email!))!.subject).toBe('Restablezca su contraseña de Vigil');
  });

  it('rejects a bad e-mail, an empty body and a short new password with the form messages', async () => {
    expect((await api('POST', 'user/sendvalidationlinkbyemail', {}, { email: 'bad' })).json().errors).toEqual({
      email: 'This field must be a valid email',
    });
    expect((await api('POST', 'user/sendvalidationlinkbyemail', {}, {})).json().errors).toEqual({ email: 'This field is required' });
    expect((await api('POST', 'user/changemypasswordwithvalidationtoken', {}, { newPassword: 'x' })).json().errors).toEqual({
      token: 'This field is required',
      newPassword: 'This field must be 10 characters or more',
    });
  });

  it('lets a new user without a password set one from the account-validation link', async () => {
    const email = `fresh.${Date.now()}@example.test`;
    const created = await api('POST', 'user', await as(fx.officeAdminA1), {
      firstName: 'Fresh',
      lastName: 'Nurse',
      email,
      roleId: Role.NURSE,
      hospitalIds: [fx.a1.id],
    });
    const token = tokenIn((await latestMailTo(email))!.bodyText, '/api/user/validatetoken')!;
    const res = await api('POST', 'user/changemypasswordwithvalidationtoken', {}, { token, newPassword: 'Welcome#pass12' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, created.json().data.id));
    expect(row!.emailValidated).toBe(true);
    expect((await api('POST', 'auth/signinv3', {}, { username: row!.username, password: 'Welcome#pass12' })).statusCode).toBe(200);
  });

  it('sends an account-validation link to a user in scope when a signed-in admin asks with { userId }', async () => {
    const res = await api('POST', 'user/sendvalidationlinkbyemail', await as(fx.officeAdminA1), { userId: fx.nurseA1.id });
    expect(res.statusCode).toBe(200);
    const mail = await latestMailTo(fx.nurseA1.email!);
    expect(mail!.subject).toBe('Active su cuenta de Vigil');
    expect(tokenIn(mail!.bodyText, '/api/user/validatetoken')).not.toBeNull();
  });

  it('refuses { userId } without a session (401), from a doctor (403) and for another office\'s user (404)', async () => {
    expect((await api('POST', 'user/sendvalidationlinkbyemail', {}, { userId: fx.nurseA1.id })).statusCode).toBe(401);
    expect((await api('POST', 'user/sendvalidationlinkbyemail', await as(fx.doctorA1), { userId: fx.nurseA1.id })).statusCode).toBe(403);
    expect((await api('POST', 'user/sendvalidationlinkbyemail', await as(fx.officeAdminA1), { userId: fx.doctorA2.id })).statusCode).toBe(404);
  });
});

describe('profile picture (uploadmyprofileimage + getmyprofileimage)', () => {
  it('accepts a real PNG and serves it back with its content type', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id]);
    const headers = await as(doctor);
    const res = await upload(headers, multipart('me.png', 'image/png', PNG_1x1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contentType).toBe('image/png');
    const image = await api('GET', 'user/getmyprofileimage', headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBe(res.json().data.size);
    const served = await sharp(image.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 1, 1]);
  });

  it('accepts a JPEG whatever its file name says, and serves it back without its EXIF GPS and camera data', async () => {
    const original = await jpegWithGps();
    const hasGpsIfd = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))); // tag 0x8825: GPS IFD pointer
    expect(hasGpsIfd((await sharp(original).metadata()).exif)).toBe(true); // the fixture does carry a location
    expect(original.includes('VigilTestCam')).toBe(true);
    const headers = await as(fx.nurseA1);
    const res = await upload(headers, multipart('photo.bin', 'application/octet-stream', original));
    expect(res.json().data.contentType).toBe('image/jpeg');
    const image = await api('GET', 'user/getmyprofileimage', headers);
    const served = await sharp(image.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['jpeg', 16, 12]);
    expect(served.exif).toBeUndefined();
    expect(image.rawPayload.includes('VigilTestCam')).toBe(false);
    expect(image.rawPayload.includes('Secret Home')).toBe(false);
  });

  it('re-encodes a PNG polyglot: the HTML and script appended to the image are never served back', async () => {
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([PNG_1x1, Buffer.from(payload)]);
    const headers = await as(fx.doctorA1);
    const res = await upload(headers, multipart('cat.png', 'image/png', polyglot));
    expect(res.statusCode).toBe(200);
    const image = await api('GET', 'user/getmyprofileimage', headers);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.includes('<script>')).toBe(false);
    expect(image.rawPayload.includes('<html>')).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a file that says PNG in its first bytes but does not decode', async () => {
    const broken = Buffer.concat([PNG_1x1.subarray(0, 40), Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(await as(fx.doctorB1), multipart('broken.png', 'image/png', broken));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Profile picture must be JPG or PNG, up to 2 MB');
  });

  it('refuses a text file renamed .png, and a request without a file', async () => {
    const headers = await as(fx.doctorA2);
    const res = await upload(headers, multipart('evil.png', 'image/png', Buffer.from('just some text, not an image')));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Profile picture must be JPG or PNG, up to 2 MB');
    expect((await api('GET', 'user/getmyprofileimage', headers)).statusCode).toBe(404);
  });

  it('accepts a picture of exactly 2 MB', async () => {
    const max = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024 - PNG_1x1.length)]);
    const res = await upload(await as(fx.nurseA1), multipart('max.png', 'image/png', max));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contentType).toBe('image/png');
    expect(res.json().data.size).toBeLessThan(1024); // only the pixels are kept
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(await as(fx.doctorA2), multipart('big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().resFlag).toBe(false);
  });

  it('answers 404 "Could not get image!" when the caller has none; another user\'s picture is never served', async () => {
    const res = await api('GET', 'user/getmyprofileimage', await as(fx.doctorB1));
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Could not get image!');
  });

  it('answers 401 without a session and 415 for a non-multipart upload', async () => {
    expect((await api('GET', 'user/getmyprofileimage')).statusCode).toBe(401);
    expect((await upload({}, multipart('me.png', 'image/png', PNG_1x1))).statusCode).toBe(401);
    const json = await api('POST', 'user/uploadmyprofileimage', await as(fx.nurseA1), { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('answers a malformed upload 400 or 415 in the envelope and keeps the picture it had', async () => {
    const headers = await as(fx.officeAdminA1);
    expect((await upload(headers, multipart('keep.png', 'image/png', PNG_1x1))).statusCode).toBe(200);
    const before = (await api('GET', 'user/getmyprofileimage', headers)).rawPayload;
    const good = multipart('me.png', 'image/png', PNG_1x1);
    const boundary = good.headers['content-type'].split('boundary=')[1]!;
    const send = (contentType: string, payload: Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/user/uploadmyprofileimage', headers: { 'accept-language': 'es', ...headers, 'content-type': contentType }, payload });
    const partHead = (name: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
    const twoFiles = Buffer.concat([partHead('a.png'), PNG_1x1, Buffer.from('\r\n'), partHead('b.png'), PNG_1x1, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const cases: Array<[string, Awaited<ReturnType<typeof send>>]> = [
      ['no boundary', await send('multipart/form-data', good.payload)],
      ['wrong boundary', await send('multipart/form-data; boundary=nottheone', good.payload)],
      ['truncated body', await send(good.headers['content-type'], good.payload.subarray(0, good.payload.length - 30))],
      ['NUL in the file name', await send(good.headers['content-type'], Buffer.from(good.payload.toString('latin1').replace('me.png', 'me\u0000.png'), 'latin1'))],
      ['two files', await send(good.headers['content-type'], twoFiles)],
    ];
    for (const [name, res] of cases) {
      expect([400, 415], name).toContain(res.statusCode);
      expect(res.json(), name).toMatchObject({ resFlag: false, data: null });
      expect(res.json().msg, name).toMatch(/No se pudo leer el archivo|Tipo de contenido|imagen de perfil|Algunos campos/);
      expect(res.headers['content-security-policy'], name).toBeDefined();
    }
    expect((await api('GET', 'user/getmyprofileimage', headers)).rawPayload.equals(before)).toBe(true);
  });
});

describe('GET user/gethospitalpatients', () => {
  it('lists the patients of the caller\'s offices, with metadata but never the SSN', async () => {
    const res = await api('GET', 'user/gethospitalpatients', await as(fx.doctorA1));
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toContain(fx.patientA1.id);
    expect(ids(res)).not.toContain(fx.patientA2.id);
    expect(ids(res)).not.toContain(fx.patientB1.id);
    expect(res.json().data.items.every((u: { roleId: number }) => u.roleId === Role.PATIENT)).toBe(true);
    const a1 = res.json().data.items.find((u: { id: number }) => u.id === fx.patientA1.id);
    expect(a1.patientMetadata.medicalRegistrationNumber).toBe('MRN-A1');
    expect(res.body).not.toContain('6789');
  });

  it('narrows to one office with the hospitalid header and pages', async () => {
    const headers = await as(fx.orgAdminA);
    expect(ids(await api('GET', 'user/gethospitalpatients', { ...headers, hospitalid: String(fx.a2.id) }))).toEqual(
      expect.arrayContaining([fx.patientA2.id]),
    );
    const onlyA2 = ids(await api('GET', 'user/gethospitalpatients?pageSize=200', { ...headers, hospitalid: String(fx.a2.id) }));
    expect(onlyA2).not.toContain(fx.patientA1.id);
    const page = await api('GET', 'user/gethospitalpatients?pageSize=1', headers);
    expect(page.json().data.items).toHaveLength(1);
    expect(page.json().data.total).toBeGreaterThan(1);
  });

  it('rejects a non-numeric hospitalid', async () => {
    const res = await api('GET', 'user/gethospitalpatients', { ...(await as(fx.doctorA1)), hospitalid: 'x' });
    expect(res.json().errors).toEqual({ hospitalid: 'This field needs to be formatted' });
  });

  it('refuses a role without patients.read (partner) with 403', async () => {
    const partner = await mk(Role.PARTNER, fx.orgA.id, []);
    expect((await api('GET', 'user/gethospitalpatients', await as(partner))).statusCode).toBe(403);
  });

  it('answers 404 for another office and another organization\'s office', async () => {
    const headers = await as(fx.doctorA1);
    expect((await api('GET', 'user/gethospitalpatients', { ...headers, hospitalid: String(fx.a2.id) })).statusCode).toBe(404);
    expect((await api('GET', 'user/gethospitalpatients', { ...headers, hospitalid: String(fx.b1.id) })).statusCode).toBe(404);
  });
});

describe('role lists', () => {
  let partnerA: { id: number };
  let partnerB: { id: number };
  let apiUserA: { id: number };
  let apiUserB: { id: number };
  beforeAll(async () => {
    partnerA = await mk(Role.PARTNER, fx.orgA.id, []);
    partnerB = await mk(Role.PARTNER, fx.orgB.id, []);
    apiUserA = await mk(Role.API_USER, fx.orgA.id, []);
    apiUserB = await mk(Role.API_USER, fx.orgB.id, []);
  });
  const partnerSession = async () => as(await mk(Role.PARTNER, fx.orgA.id, []));

  describe('GET user/gethospitaladmins', () => {
    it('lists the office admins the caller sees, narrowed by hospitalid', async () => {
      expect(ids(await api('GET', 'user/gethospitaladmins?pageSize=200', await as(fx.officeAdminA1)))).toEqual([fx.officeAdminA1.id]);
      const org = ids(await api('GET', 'user/gethospitaladmins?pageSize=200', { ...(await as(fx.orgAdminA)), hospitalid: String(fx.a2.id) }));
      expect(org).toContain(fx.officeAdminA2.id);
      expect(org).not.toContain(fx.officeAdminA1.id);
    });
    it('rejects a non-numeric hospitalid', async () => {
      expect((await api('GET', 'user/gethospitaladmins', { ...(await as(fx.orgAdminA)), hospitalid: 'a' })).statusCode).toBe(400);
    });
    it('refuses a partner with 403', async () => {
      expect((await api('GET', 'user/gethospitaladmins', await partnerSession())).statusCode).toBe(403);
    });
    it('answers 404 for another organization\'s office', async () => {
      expect((await api('GET', 'user/gethospitaladmins', { ...(await as(fx.orgAdminA)), hospitalid: String(fx.b1.id) })).statusCode).toBe(404);
    });
  });

  describe('GET user/getorganizationadmins', () => {
    it('lists organization admins: all for a system admin, narrowed by organizationid', async () => {
      const all = ids(await api('GET', 'user/getorganizationadmins?pageSize=200', await as(fx.sysadmin)));
      expect(all).toEqual(expect.arrayContaining([fx.orgAdminA.id, fx.orgAdminB.id]));
      const onlyB = ids(await api('GET', 'user/getorganizationadmins?pageSize=200', { ...(await as(fx.sysadmin)), organizationid: String(fx.orgB.id) }));
      expect(onlyB).toContain(fx.orgAdminB.id);
      expect(onlyB).not.toContain(fx.orgAdminA.id);
    });
    it('rejects a non-numeric organizationid', async () => {
      const res = await api('GET', 'user/getorganizationadmins', { ...(await as(fx.sysadmin)), organizationid: '-1' });
      expect(res.json().errors).toEqual({ organizationid: 'This field needs to be formatted' });
    });
    it('refuses a partner with 403', async () => {
      expect((await api('GET', 'user/getorganizationadmins', await partnerSession())).statusCode).toBe(403);
    });
    it('hides another organization\'s admins and answers 404 for its id', async () => {
      const seen = ids(await api('GET', 'user/getorganizationadmins', await as(fx.orgAdminA)));
      expect(seen).toContain(fx.orgAdminA.id);
      expect(seen).not.toContain(fx.orgAdminB.id);
      expect((await api('GET', 'user/getorganizationadmins', { ...(await as(fx.orgAdminA)), organizationid: String(fx.orgB.id) })).statusCode).toBe(404);
    });
  });

  describe('GET user/getcaregivers', () => {
    it('lists the caregivers of the caller\'s offices', async () => {
      expect(ids(await api('GET', 'user/getcaregivers', await as(fx.officeAdminA1)))).toEqual([fx.caregiverA1.id]);
    });
    it('rejects an oversized page', async () => {
      expect((await api('GET', 'user/getcaregivers?pageSize=1000', await as(fx.officeAdminA1))).json().errors).toEqual({
        pageSize: 'This field needs to be formatted',
      });
    });
    it('refuses a partner with 403', async () => {
      expect((await api('GET', 'user/getcaregivers', await partnerSession())).statusCode).toBe(403);
    });
    it('hides caregivers of another office', async () => {
      expect(ids(await api('GET', 'user/getcaregivers', await as(fx.officeAdminA2)))).toEqual([]);
      expect((await api('GET', 'user/getcaregivers', { ...(await as(fx.officeAdminA2)), hospitalid: String(fx.a1.id) })).statusCode).toBe(404);
    });
  });

  describe('GET user/getorganizationpartners', () => {
    it('lists the partners of the organization', async () => {
      const res = await api('GET', 'user/getorganizationpartners?pageSize=200', { ...(await as(fx.orgAdminA)), organizationid: String(fx.orgA.id) });
      expect(ids(res)).toContain(partnerA.id);
      expect(ids(res)).not.toContain(partnerB.id);
    });
    it('requires the organizationid header', async () => {
      expect((await api('GET', 'user/getorganizationpartners', await as(fx.orgAdminA))).json().errors).toEqual({ organizationid: 'This field is required' });
    });
    it('refuses a partner with 403', async () => {
      const res = await api('GET', 'user/getorganizationpartners', { ...(await partnerSession()), organizationid: String(fx.orgA.id) });
      expect(res.statusCode).toBe(403);
    });
    it('answers 404 for another organization', async () => {
      const res = await api('GET', 'user/getorganizationpartners', { ...(await as(fx.orgAdminA)), organizationid: String(fx.orgB.id) });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET user/getapiusers', () => {
    it('lists the API users in scope: the organization\'s for its admin, all for a system admin', async () => {
      const org = ids(await api('GET', 'user/getapiusers?pageSize=200', await as(fx.orgAdminA)));
      expect(org).toContain(apiUserA.id);
      expect(org).not.toContain(apiUserB.id);
      expect(ids(await api('GET', 'user/getapiusers?pageSize=200', await as(fx.sysadmin)))).toEqual(expect.arrayContaining([apiUserA.id, apiUserB.id]));
    });
    it('rejects page 0', async () => {
      expect((await api('GET', 'user/getapiusers?page=0', await as(fx.orgAdminA))).json().errors).toEqual({ page: 'This field needs to be formatted' });
    });
    it('refuses a partner with 403', async () => {
      expect((await api('GET', 'user/getapiusers', await partnerSession())).statusCode).toBe(403);
    });
    it('hides this organization\'s API users from the other organization\'s admin', async () => {
      expect(ids(await api('GET', 'user/getapiusers', await as(fx.orgAdminB)))).not.toContain(apiUserA.id);
    });
  });
});

describe('PUT user/updateemailforuser', () => {
  const change = async (headers: Headers, userId: number, email: string) =>
    api('PUT', 'user/updateemailforuser', { ...headers, userid: String(userId), newemailvalue: email });

  it('sets the e-mail (lower case) and marks it not validated', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id], { emailValidated: true });
    const res = await change(await as(fx.officeAdminA1), doctor.id, `Changed.${doctor.username}@Example.test`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: doctor.id, email: `changed.${doctor.username}@example.test`, emailValidated: false });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, doctor.id));
    expect(row).toMatchObject({ email: `changed.${doctor.username}@example.test`, emailValidated: false });
  });

  it('rejects an invalid e-mail with the form message', async () => {
    const res = await change(await as(fx.officeAdminA1), fx.nurseA1.id, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ newemailvalue: 'This field must be a valid email' });
  });

  it('answers 409 for an e-mail another account uses', async () => {
    expect((await change(await as(fx.officeAdminA1), fx.nurseA1.id, fx.doctorB1.email!)).statusCode).toBe(409);
  });

  it('refuses a doctor (no users.manage) with 403', async () => {
    expect((await change(await as(fx.doctorA1), fx.nurseA1.id, 'n@example.test')).statusCode).toBe(403);
  });

  it('answers 404 for a user of another office', async () => {
    expect((await change(await as(fx.officeAdminA1), fx.doctorA2.id, 'n2@example.test')).statusCode).toBe(404);
  });
});

describe('POST user/sendprofileremovalemail', () => {
  it('e-mails the caller a /profileremovalinfo link whose token is stored only hashed', async () => {
    const doctor = await mk(Role.DOCTOR, fx.orgA.id, [fx.a1.id], { language: 'ENG' });
    const res = await api('POST', 'user/sendprofileremovalemail', await as(doctor));
    expect(res.statusCode).toBe(200);
    const mail = await latestMailTo(doctor.email!);
    expect(mail!.subject).toBe('Your Vigil account removal request');
    const token = tokenIn(mail!.bodyText, '/profileremovalinfo')!;
    expect(token).toBeTruthy();
    const [stored] = await t.ctx.db.select().from(userTokens).where(and(eq(userTokens.userId, doctor.id), eq(userTokens.purpose, 'removal')));
    expect(stored!.tokenHash).toBe(tokenHash(token));
  });

  it('answers "Profile removal link could not be sent!" when the caller has no e-mail', async () => {
    const patient = await mk(Role.PATIENT, fx.orgA.id, [fx.a1.id], { email: null });
    const res = await api('POST', 'user/sendprofileremovalemail', await as(patient));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Profile removal link could not be sent!');
  });

  it('answers 401 without a session', async () => {
    expect((await api('POST', 'user/sendprofileremovalemail')).statusCode).toBe(401);
  });
});

describe('POST user/setwebsockettoken', () => {
  it('returns a new token and stores only its hash on the caller\'s session', async () => {
    const nurse = await mk(Role.NURSE, fx.orgA.id, [fx.a1.id]);
    const headers = await signInAs(t, nurse.username);
    const res = await api('POST', 'user/setwebsockettoken', headers);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.webSocketToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(headers.sessionguid!)));
    expect(session!.webSocketTokenHash).toBe(tokenHash(token));
  });

  it('answers 401 without a session', async () => {
    expect((await api('POST', 'user/setwebsockettoken')).statusCode).toBe(401);
  });
});

describe('office assignments written by POST user', () => {
  it('writes the user and the assignments together', async () => {
    const res = await api('POST', 'user', await as(fx.orgAdminA), {
      firstName: 'Two',
      lastName: 'Offices',
      email: `two.${Date.now()}@example.test`,
      roleId: Role.NURSE,
      hospitalIds: [fx.a1.id, fx.a2.id],
    });
    const rows = await t.ctx.db.select().from(userHospitals).where(eq(userHospitals.userId, res.json().data.id));
    expect(rows.map((r) => r.hospitalId).sort()).toEqual([fx.a1.id, fx.a2.id].sort());
  });
});
