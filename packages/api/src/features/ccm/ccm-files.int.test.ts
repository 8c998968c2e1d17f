/**
 * Files of CCM attachments, consent forms and imaging studies (portal-spec.md section 7
 * "ccmattachment, ccmconsentform and ccmimaging carry file blobs"; docs/ccm.md "Files"): type told
 * by content, the size limit, one file per row, tenancy, and nothing stored on a refused upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ccm, message } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { ccmFiles } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
type Who = { id: number };
const callAs = callerFor(() => t);

/** Each file-carrying section's upload and download endpoints. */
const fileEndpoints = {
  ccmattachment: { upload: ccm.uploadCcmAttachmentFile, download: ccm.downloadCcmAttachmentFile },
  ccmconsentform: { upload: ccm.uploadCcmConsentFormFile, download: ccm.downloadCcmConsentFormFile },
  ccmimaging: { upload: ccm.uploadCcmImagingFile, download: ccm.downloadCcmImagingFile },
} as const;
type Section = keyof typeof fileEndpoints;

function multipart(filename: string, content: Buffer) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** Uploads `content` as the row's file (a multipart form). */
async function upload(section: Section, id: number, who: Who, filename: string, content: Buffer, lang: 'en' | 'es' = 'en') {
  const m = multipart(filename, content);
  return callAs(who, fileEndpoints[section].upload, { params: { id }, payload: m.payload, extraHeaders: m.headers, lang });
}
/** Downloads the row's file (raw bytes in `reply`). */
async function download(section: Section, id: number, who: Who) {
  return callAs(who, fileEndpoints[section].download, { params: { id } });
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
  const rec = await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' } });
  recordId = rec.body.id;
  const created = async (call: Promise<{ status: number; body: { id: number }; reply: { body: string } }>) => {
    const res = await call;
    expect(res.status, res.reply.body).toBe(201);
    return res.body.id;
  };
  rows.ccmattachment = await created(callAs(f.nurseA1, ccm.createCcmAttachment, { body: { ccmRecordId: recordId, title: 'Discharge summary', documentType: '18842-5', documentDate: '2026-01-02' } }));
  rows.ccmconsentform = await created(callAs(f.nurseA1, ccm.createCcmConsentForm, { body: { ccmRecordId: recordId, program: 'CCM', consentType: 'WRITTEN', method: 'IN_PERSON', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE' } }));
  rows.ccmimaging = await created(callAs(f.nurseA1, ccm.createCcmImaging, { body: { ccmRecordId: recordId, modality: 'DX', bodyPart: 'CHEST', studyDate: '2026-01-03', description: 'Chest X-ray' } }));
}, 60_000);
afterAll(async () => t?.close());

const storedFiles = async () => t.ctx.db.select({ id: ccmFiles.id }).from(ccmFiles);

describe('CCM files', () => {
  it('stores a PDF for an attachment, lists it with the row, and downloads it as the same bytes', async () => {
    const res = await upload('ccmattachment', rows.ccmattachment, f.nurseA1, '../summary.pdf', PDF);
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ fileName: 'summary.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const list = (await callAs(f.doctorA1, ccm.getCcmAttachmentsByCcmRecordId, { headers: { ccmrecordid: recordId } })).body;
    expect(list[0]!.file).toMatchObject({ fileName: 'summary.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const record = (await callAs(f.doctorA1, ccm.getCcmRecordById, { params: { id: recordId } })).body;
    expect(record.sections.ccmattachment[0]!.file).toMatchObject({ fileName: 'summary.pdf', sizeBytes: PDF.length });
    expect(record.sections.ccmimaging[0]!.file).toBeNull();
    const down = await download('ccmattachment', rows.ccmattachment, f.doctorA1);
    expect(down.status).toBe(200);
    expect(down.reply.headers['content-type']).toBe('application/pdf');
    expect(down.reply.headers['content-disposition']).toContain('summary.pdf');
    expect(down.reply.rawPayload.equals(PDF)).toBe(true);
  });

  it('replaces a consent form document (one file per row); CSV by name among text kinds', async () => {
    expect((await upload('ccmconsentform', rows.ccmconsentform, f.nurseA1, 'consent.png', PNG)).status).toBe(200);
    const res = await upload('ccmconsentform', rows.ccmconsentform, f.nurseA1, 'consent.csv', Buffer.from('signed,date\nyes,2026-01-05\n'));
    expect(res.body).toMatchObject({ contentType: 'text/csv', fileName: 'consent.csv' });
    const down = await download('ccmconsentform', rows.ccmconsentform, f.nurseA1);
    expect(down.reply.body).toBe('signed,date\nyes,2026-01-05\n');
    expect((await t.ctx.db.select().from(ccmFiles).where(eq(ccmFiles.consentFormId, rows.ccmconsentform))).length).toBe(1);
  });

  it('takes a DICOM file for imaging, and refuses text there', async () => {
    const res = await upload('ccmimaging', rows.ccmimaging, f.nurseA1, 'chest.dcm', DICOM);
    expect(res.body).toMatchObject({ contentType: 'application/dicom' });
    const down = await download('ccmimaging', rows.ccmimaging, f.doctorA1);
    expect(down.reply.rawPayload.equals(DICOM)).toBe(true);
    const text = await upload('ccmimaging', rows.ccmimaging, f.nurseA1, 'chest.txt', Buffer.from('not an image'), 'es');
    expect(text.status).toBe(415);
    expect(text.msg).toBe(message('ccmImagingFileType', 'es'));
    // The DICOM file is still the stored one.
    expect((await download('ccmimaging', rows.ccmimaging, f.doctorA1)).reply.rawPayload.equals(DICOM)).toBe(true);
  });

  it('refuses a wrong type (415), a DICOM attachment (415), a file over the limit (413) and an empty one (400), storing nothing', async () => {
    const before = (await storedFiles()).length;
    const id = rows.ccmattachment;
    const exe = await upload('ccmattachment', id, f.nurseA1, 'report.pdf', EXE);
    expect(exe.status).toBe(415);
    expect(exe.msg).toBe(message('ccmFileType', 'en'));
    expect((await upload('ccmattachment', id, f.nurseA1, 'x.dcm', DICOM)).status).toBe(415);
    const big = await upload('ccmattachment', id, f.nurseA1, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]), 'es');
    expect(big.status).toBe(413);
    expect(big.msg).toBe(message('ccmFileTooLarge', 'es', { limit: '1 KB' }));
    const empty = await upload('ccmattachment', id, f.nurseA1, 'empty.pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.errors).toMatchObject({ file: expect.any(String) });
    const json = await callAs(f.nurseA1, ccm.uploadCcmAttachmentFile, { params: { id }, body: invalid({ file: 'x' }) });
    expect(json.status).toBe(415);
    expect((await storedFiles()).length).toBe(before);
    // The stored PDF is untouched.
    expect((await download('ccmattachment', id, f.nurseA1)).reply.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers 404 to another office and another organization, for upload and download, changing nothing', async () => {
    const before = (await storedFiles()).length;
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      for (const section of ['ccmattachment', 'ccmconsentform', 'ccmimaging'] as const) {
        expect((await upload(section, rows[section], who, 'a.pdf', PDF)).status).toBe(404);
        expect((await download(section, rows[section], who)).status).toBe(404);
      }
    }
    expect((await storedFiles()).length).toBe(before);
    expect((await download('ccmattachment', 999999, f.nurseA1)).status).toBe(404);
  });

  it('reads 404 for a row without a file', async () => {
    const bare = await callAs(f.nurseA1, ccm.createCcmAttachment, { body: { ccmRecordId: recordId, title: 'No file yet', documentType: '18842-5', documentDate: '2026-01-02' } });
    expect((await download('ccmattachment', bare.body.id, f.nurseA1)).status).toBe(404);
  });

  it('deletes the file with its row', async () => {
    await callAs(f.nurseA1, ccm.deleteCcmAttachment, { params: { id: rows.ccmattachment } });
    expect(await t.ctx.db.select().from(ccmFiles).where(eq(ccmFiles.attachmentId, rows.ccmattachment))).toEqual([]);
  });
});
