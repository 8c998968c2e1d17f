/**
 * Files of CCM attachments, consent forms and imaging studies (portal-spec.md section 7
 * "ccmattachment, ccmconsentform and ccmimaging carry file blobs"; docs/ccm.md "Files"): type told
 * by content, the size limit, one file per row, tenancy, and nothing stored on a refused upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { message } from '@vigil/contract';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmFiles } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
type Who = { id: number };
const sessions = new Map<number, { sessionguid: string }>();

async function headersOf(who: Who, lang: 'en' | 'es' = 'en') {
  let s = sessions.get(who.id);
  if (!s) { sessions.set(who.id, (s = await sessionFor(t, who.id))); }
  return { ...s, 'accept-language': lang };
}
async function call(method: 'GET' | 'POST' | 'DELETE', path: string, who: Who, payload?: unknown) {
  return t.app.inject({ method, url: `/api/${path}`, headers: await headersOf(who), ...(payload !== undefined ? { payload: payload as object } : {}) });
}
function multipart(filename: string, content: Buffer) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(path: string, who: Who, filename: string, content: Buffer, lang: 'en' | 'es' = 'en') {
  const m = multipart(filename, content);
  return t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...(await headersOf(who, lang)), ...m.headers }, payload: m.payload });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const DICOM = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), Buffer.from([0x02, 0x00, 0x00, 0x00])]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

let recordId: number;
const rows: Record<'ccmattachment' | 'ccmconsentform' | 'ccmimaging', number> = { ccmattachment: 0, ccmconsentform: 0, ccmimaging: 0 };

beforeAll(async () => {
  t = await createTestApp({ ccmMaxFileBytes: 1024 });
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
  const rec = await call('POST', 'ccmrecord', f.nurseA1, { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' });
  recordId = rec.json().data.id;
  const create = async (slug: string, body: object) => {
    const res = await call('POST', slug, f.nurseA1, { ccmRecordId: recordId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  rows.ccmattachment = await create('ccmattachment', { title: 'Discharge summary', documentType: '18842-5', documentDate: '2026-01-02' });
  rows.ccmconsentform = await create('ccmconsentform', { program: 'CCM', consentType: 'WRITTEN', method: 'IN_PERSON', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE' });
  rows.ccmimaging = await create('ccmimaging', { modality: 'DX', bodyPart: 'CHEST', studyDate: '2026-01-03', description: 'Chest X-ray' });
}, 60_000);
afterAll(async () => t?.close());

const storedFiles = async () => t.ctx.db.select({ id: ccmFiles.id }).from(ccmFiles);

describe('CCM files', () => {
  it('stores a PDF for an attachment, lists it with the row, and downloads it as the same bytes', async () => {
    const res = await upload(`ccmattachment/${rows.ccmattachment}/file`, f.nurseA1, '../summary.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fileName: 'summary.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const list = (await t.app.inject({ method: 'GET', url: '/api/ccmattachment/getbyccmrecordid', headers: { ...(await headersOf(f.doctorA1)), ccmrecordid: String(recordId) } })).json().data;
    expect(list[0].file).toMatchObject({ fileName: 'summary.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const record = (await call('GET', `ccmrecord/${recordId}`, f.doctorA1)).json().data;
    expect(record.sections.ccmattachment[0].file).toMatchObject({ fileName: 'summary.pdf', sizeBytes: PDF.length });
    expect(record.sections.ccmimaging[0].file).toBeNull();
    const down = await call('GET', `ccmattachment/${rows.ccmattachment}/file`, f.doctorA1);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain('summary.pdf');
    expect(down.rawPayload.equals(PDF)).toBe(true);
  });

  it('replaces a consent form document (one file per row); CSV by name among text kinds', async () => {
    expect((await upload(`ccmconsentform/${rows.ccmconsentform}/file`, f.nurseA1, 'consent.png', PNG)).statusCode).toBe(200);
    const res = await upload(`ccmconsentform/${rows.ccmconsentform}/file`, f.nurseA1, 'consent.csv', Buffer.from('signed,date\nyes,2026-01-05\n'));
    expect(res.json().data).toMatchObject({ contentType: 'text/csv', fileName: 'consent.csv' });
    const down = await call('GET', `ccmconsentform/${rows.ccmconsentform}/file`, f.nurseA1);
    expect(down.body).toBe('signed,date\nyes,2026-01-05\n');
    expect((await t.ctx.db.select().from(ccmFiles).where(eq(ccmFiles.consentFormId, rows.ccmconsentform))).length).toBe(1);
  });

  it('takes a DICOM file for imaging, and refuses text there', async () => {
    const res = await upload(`ccmimaging/${rows.ccmimaging}/file`, f.nurseA1, 'chest.dcm', DICOM);
    expect(res.json().data).toMatchObject({ contentType: 'application/dicom' });
    const down = await call('GET', `ccmimaging/${rows.ccmimaging}/file`, f.doctorA1);
    expect(down.rawPayload.equals(DICOM)).toBe(true);
    const text = await upload(`ccmimaging/${rows.ccmimaging}/file`, f.nurseA1, 'chest.txt', Buffer.from('not an image'), 'es');
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toBe(message('ccmImagingFileType', 'es'));
    // The DICOM file is still the stored one.
    expect((await call('GET', `ccmimaging/${rows.ccmimaging}/file`, f.doctorA1)).rawPayload.equals(DICOM)).toBe(true);
  });

  it('refuses a wrong type (415), a DICOM attachment (415), a file over the limit (413) and an empty one (400), storing nothing', async () => {
    const before = (await storedFiles()).length;
    const path = `ccmattachment/${rows.ccmattachment}/file`;
    const exe = await upload(path, f.nurseA1, 'report.pdf', EXE);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().msg).toBe(message('ccmFileType', 'en'));
    expect((await upload(path, f.nurseA1, 'x.dcm', DICOM)).statusCode).toBe(415);
    const big = await upload(path, f.nurseA1, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]), 'es');
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe(message('ccmFileTooLarge', 'es', { limit: '1 KB' }));
    const empty = await upload(path, f.nurseA1, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ file: expect.any(String) });
    const json = await call('POST', path, f.nurseA1, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await storedFiles()).length).toBe(before);
    // The stored PDF is untouched.
    expect((await call('GET', path, f.nurseA1)).rawPayload.equals(PDF)).toBe(true);
  });

  it('answers 404 to another office and another organization, for upload and download, changing nothing', async () => {
    const before = (await storedFiles()).length;
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      for (const slug of ['ccmattachment', 'ccmconsentform', 'ccmimaging'] as const) {
        expect((await upload(`${slug}/${rows[slug]}/file`, who, 'a.pdf', PDF)).statusCode).toBe(404);
        expect((await call('GET', `${slug}/${rows[slug]}/file`, who)).statusCode).toBe(404);
      }
    }
    expect((await storedFiles()).length).toBe(before);
    expect((await call('GET', `ccmattachment/999999/file`, f.nurseA1)).statusCode).toBe(404);
  });

  it('refuses a patient (no ccm.manage / ccm.read) and a row without a file reads 404', async () => {
    expect((await upload(`ccmattachment/${rows.ccmattachment}/file`, f.patientA1, 'a.pdf', PDF)).statusCode).toBe(403);
    const bare = await call('POST', 'ccmattachment', f.nurseA1, { ccmRecordId: recordId, title: 'No file yet', documentType: '18842-5', documentDate: '2026-01-02' });
    expect((await call('GET', `ccmattachment/${bare.json().data.id}/file`, f.nurseA1)).statusCode).toBe(404);
  });

  it('deletes the file with its row', async () => {
    await call('DELETE', `ccmattachment/${rows.ccmattachment}`, f.nurseA1);
    expect(await t.ctx.db.select().from(ccmFiles).where(eq(ccmFiles.attachmentId, rows.ccmattachment))).toEqual([]);
  });
});
