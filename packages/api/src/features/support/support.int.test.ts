/**
 * Support messaging (spec section 7 "Support"; docs/support.md): threads between a clinic user and
 * the system admins, the spec's status codes (create and set status 201, addfile 200), statuses,
 * replies, files typed by content with a size limit, and other users' threads as 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { support } from '@vigil/contract';
import { callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { supportFiles, supportThreads } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

function multipart(filename: string, content: Buffer) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
function upload(threadId: number, filename: string, content: Buffer, who: CallUser) {
  const m = multipart(filename, content);
  return callAs(who, support.addSupportFile, { headers: { relatedtosupportmessageid: threadId }, extraHeaders: m.headers, payload: m.payload });
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);

async function openThread(who: CallUser, subject = 'Cannot print the billing CSV', extra: { hospitalId?: number } = {}) {
  const res = await callAs(who, support.createSupportMessage, { body: { subject, message: 'The download stops halfway.', ...extra } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp({ supportMaxFileBytes: 1024 });
  f = await createTenancyFixture(t);
}, 60_000);
afterAll(async () => t?.close());

describe('POST supportmessage', () => {
  it('opens a thread (201) with its first message; the author and the system admins see it, open', async () => {
    const created = await openThread(f.officeAdminA1, 'Thread one', { hospitalId: f.a1.id });
    expect(created.thread).toMatchObject({ subject: 'Thread one', status: 'open', createdBy: f.officeAdminA1.id, hospitalId: f.a1.id, messageCount: 1, fileCount: 0 });
    expect(created.messages).toEqual([expect.objectContaining({ fromUserId: f.officeAdminA1.id, fromSupport: false, message: 'The download stops halfway.' })]);
    const mine = (await callAs(f.officeAdminA1, support.getDistinctGroups)).body;
    expect(mine.items.map((x: { subject: string }) => x.subject)).toContain('Thread one');
    const all = (await callAs(f.sysadmin, support.getDistinctGroups, { query: { status: 'open' } })).body;
    expect(all.items.map((x: { supportMessageId: number }) => x.supportMessageId)).toContain(created.thread.supportMessageId);
  });

  it("a system admin's reply is support's; the author replies too; each answers 201 with the thread", async () => {
    const { thread } = await openThread(f.doctorA1, 'Thread two');
    const reply = await callAs(f.sysadmin, support.createSupportMessage, { body: { supportMessageId: thread.supportMessageId, message: 'Which browser?' } });
    expect(reply.status).toBe(201);
    const again = await callAs(f.doctorA1, support.createSupportMessage, { body: { supportMessageId: thread.supportMessageId, message: 'Chromium' } });
    expect(again.status).toBe(201);
    const detail = (await callAs(f.doctorA1, support.getMessagesByGroupId, { headers: { supportmessageid: thread.supportMessageId } })).body;
    expect(detail.messages.map((m: { message: string; fromSupport: boolean }) => [m.message, m.fromSupport])).toEqual([
      ['The download stops halfway.', false],
      ['Which browser?', true],
      ['Chromium', false],
    ]);
  });

  it('answers 400 for a missing subject or message', async () => {
    const res = await callAs(f.nurseA1, support.createSupportMessage, { body: { message: '  ' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['message', 'subject']);
  });

  it("reads another user's thread, or an office of another organization, as not found (404) and changes nothing", async () => {
    const { thread } = await openThread(f.doctorA1, 'Private thread');
    for (const other of [f.nurseA1, f.doctorB1, f.orgAdminA]) {
      expect((await callAs(other, support.getMessagesByGroupId, { headers: { supportmessageid: thread.supportMessageId } })).status).toBe(404);
      expect((await callAs(other, support.createSupportMessage, { body: { supportMessageId: thread.supportMessageId, message: 'peek' } })).status).toBe(404);
      expect((await upload(thread.supportMessageId, 'x.pdf', PDF, other)).status).toBe(404);
      const list = (await callAs(other, support.getDistinctGroups)).body;
      expect(list.items.map((x: { supportMessageId: number }) => x.supportMessageId)).not.toContain(thread.supportMessageId);
    }
    const detail = (await callAs(f.doctorA1, support.getMessagesByGroupId, { headers: { supportmessageid: thread.supportMessageId } })).body;
    expect(detail.thread).toMatchObject({ messageCount: 1, fileCount: 0 });
    expect((await callAs(f.doctorA1, support.createSupportMessage, { body: { subject: 'x', message: 'y', hospitalId: f.b1.id } })).status).toBe(404);
  });
});

describe('POST supportmessage/setstatus', () => {
  it('a system admin sets in progress then resolved (201); the status filter follows', async () => {
    const { thread } = await openThread(f.nurseA1, 'Status thread');
    const progress = await callAs(f.sysadmin, support.setSupportStatus, { body: { supportMessageId: thread.supportMessageId, status: 'in_progress' } });
    expect(progress.status).toBe(201);
    expect(progress.body.thread.status).toBe('in_progress');
    expect((await callAs(f.sysadmin, support.setSupportStatus, { body: { supportMessageId: thread.supportMessageId, status: 'resolved' } })).status).toBe(201);
    const resolved = (await callAs(f.nurseA1, support.getDistinctGroups, { query: { status: 'resolved' } })).body;
    expect(resolved.items.map((x: { supportMessageId: number }) => x.supportMessageId)).toEqual([thread.supportMessageId]);
    const open = (await callAs(f.nurseA1, support.getDistinctGroups, { query: { status: 'open' } })).body;
    expect(open.total).toBe(0);
  });

  it('refuses an unknown status (400) and an unknown thread (404)', async () => {
    const { thread } = await openThread(f.nurseA1, 'Status thread 2');
    expect((await callAs(f.sysadmin, support.setSupportStatus, { body: { supportMessageId: thread.supportMessageId, status: invalid('closed') } })).status).toBe(400);
    expect((await callAs(f.sysadmin, support.setSupportStatus, { body: { supportMessageId: 999_999, status: 'resolved' } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(supportThreads).where(eq(supportThreads.id, thread.supportMessageId));
    expect(row!.status).toBe(0);
  });
});

describe('POST supportmessage/addfile and the download', () => {
  it('stores and sends back a file name normalised: NFC, without a right-to-left override or other bidirectional and control characters', async () => {
    // docs/security.md "Uploads": "invoice\u202Efdp.exe" would show as "invoiceexe.pdf".
    const { thread } = await openThread(f.officeAdminA1, 'File names');
    const cases: Array<[string, string]> = [
      ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
      ['\u2066report\u2069\u200F\u200E\u202A\u202B\u202C\u202D.pdf', 'report.pdf'],
      ['Jose\u0301 notes\u0007\u009b.pdf', 'Jos\u00e9 notes.pdf'],
    ];
    for (const [sent, kept] of cases) {
      const res = await upload(thread.supportMessageId, sent, PDF, f.officeAdminA1);
      expect(res.status, res.reply.body).toBe(200);
      expect(res.body.fileName).toBe(kept);
      const [stored] = await t.ctx.db.select().from(supportFiles).where(eq(supportFiles.id, res.body.id));
      expect(stored!.fileName).toBe(kept);
      const dl = await callAs(f.sysadmin, support.downloadSupportFile, { params: { id: res.body.id } });
      expect(dl.reply.headers['content-disposition']).not.toMatch(/%E2%80%AE|\u202E/i);
      expect(decodeURIComponent(dl.reply.headers['content-disposition']!.toString())).toContain(kept);
    }
  });

  it('stores PDF, PNG, JPEG, text and CSV told by content (200), in the database, and downloads them with type and name', async () => {
    const { thread } = await openThread(f.officeAdminA1, 'Files');
    const cases: [string, Buffer, string][] = [
      ['report.pdf', PDF, 'application/pdf'],
      ['screen.png', PNG, 'image/png'],
      ['photo.jpg', JPEG, 'image/jpeg'],
      ['notes.txt', Buffer.from('línea uno\nline two\n'), 'text/plain'],
      ['export.csv', Buffer.from('code,amount\n99453,19.73\n'), 'text/csv'],
      // The name lies: the content decides.
      ['looks-like.png', PDF, 'application/pdf'],
    ];
    for (const [name, content, type] of cases) {
      const res = await upload(thread.supportMessageId, name, content, f.officeAdminA1);
      expect(res.status, res.reply.body).toBe(200);
      const file = res.body;
      expect(file).toMatchObject({ fileName: name, contentType: type, sizeBytes: content.length, uploadedBy: f.officeAdminA1.id });
      const [stored] = await t.ctx.db.select().from(supportFiles).where(eq(supportFiles.id, file.id));
      expect(Buffer.compare(stored!.content, content)).toBe(0);
      const dl = await callAs(f.sysadmin, support.downloadSupportFile, { params: { id: file.id } });
      expect(dl.status).toBe(200);
      expect(dl.reply.headers['content-type']).toContain(type);
      expect(dl.reply.headers['content-disposition']).toBe(`attachment; filename=${name}`);
      expect(Buffer.compare(dl.reply.rawPayload, content)).toBe(0);
    }
    expect((await callAs(f.doctorB1, support.downloadSupportFile, { params: { id: 1 } })).status).toBe(404);
    const detail = (await callAs(f.sysadmin, support.getMessagesByGroupId, { headers: { supportmessageid: thread.supportMessageId } })).body;
    expect(detail.thread.fileCount).toBe(cases.length);
  });

  it('refuses other content (415), a file over the configured limit (413), no file (400), and a missing thread header (400)', async () => {
    const { thread } = await openThread(f.officeAdminA1, 'Bad files');
    const exe = await upload(thread.supportMessageId, 'tool.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), f.officeAdminA1);
    expect(exe.status).toBe(415);
    expect(exe.msg).toBe('This file type is not accepted: attach a PDF, PNG, JPEG, plain text or CSV file');
    const big = await upload(thread.supportMessageId, 'big.txt', Buffer.alloc(2048, 'a'), f.officeAdminA1);
    expect(big.status).toBe(413);
    expect(big.msg).toBe('The file is larger than 1 KB');
    expect((await upload(thread.supportMessageId, 'empty.txt', Buffer.alloc(0), f.officeAdminA1)).status).toBe(400);
    const form = multipart('a.txt', Buffer.from('a'));
    const noHeader = await callAs(f.officeAdminA1, support.addSupportFile, { extraHeaders: form.headers, payload: form.payload });
    expect(noHeader.status).toBe(400);
    expect((await t.ctx.db.select().from(supportFiles).where(eq(supportFiles.threadId, thread.supportMessageId))).length).toBe(0);
  });
});

/** A multipart body with text fields and, when `file` is given, one file in field "file". */
function form(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function withFile(who: { id: number }, fields: Record<string, string>, file?: { name: string; content: Buffer }, lang: 'en' | 'es' = 'en') {
  const m = form(fields, file);
  return (await callAs(who, support.createSupportThreadWithFile, { extraHeaders: m.headers, payload: m.payload, lang })).reply;
}
const threadsWithSubject = async (subject: string) => (await t.ctx.db.select().from(supportThreads).where(eq(supportThreads.subject, subject))).length;

describe('POST supportmessage/withfile (a request with its attachment)', () => {
  it('creates the thread, its first message and its file in one call (201)', async () => {
    const res = await withFile(f.officeAdminA1, { subject: 'With a screenshot', message: 'See the picture.', hospitalId: String(f.a1.id) }, { name: 'screen.png', content: PNG });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d.thread).toMatchObject({ subject: 'With a screenshot', hospitalId: f.a1.id, messageCount: 1, fileCount: 1 });
    expect(d.files).toEqual([expect.objectContaining({ fileName: 'screen.png', contentType: 'image/png', sizeBytes: PNG.length })]);
  });

  it('refuses the whole request for a refused file (415, 413, none) and creates no thread, message or file', async () => {
    const cases: [string, { name: string; content: Buffer } | undefined, number][] = [
      ['Refused type', { name: 'tool.pdf', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) }, 415],
      ['Refused size', { name: 'big.txt', content: Buffer.alloc(2048, 'a') }, 413],
      ['Refused empty', { name: 'empty.txt', content: Buffer.alloc(0) }, 400],
      ['Refused none', undefined, 400],
    ];
    for (const [subject, file, status] of cases) {
      const res = await withFile(f.officeAdminA1, { subject, message: 'Please help.' }, file);
      expect(res.statusCode, subject).toBe(status);
      expect(await threadsWithSubject(subject), subject).toBe(0);
    }
    const es = await withFile(f.officeAdminA1, { subject: 'Refused es', message: 'Ayuda' }, { name: 'x.bin', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00]) }, 'es');
    expect(es.statusCode).toBe(415);
    expect(es.json().msg).not.toBe('This file type is not accepted: attach a PDF, PNG, JPEG, plain text or CSV file');
    expect(await threadsWithSubject('Refused es')).toBe(0);
  });

  it("answers 400 with the fields at fault and 404 for another tenant's office, creating nothing", async () => {
    const noSubject = await withFile(f.officeAdminA1, { message: 'No subject' }, { name: 'a.txt', content: Buffer.from('a') });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().errors).toMatchObject({ subject: 'This field is required' });
    const other = await withFile(f.officeAdminA1, { subject: 'Other office', message: 'x', hospitalId: String(f.b1.id) }, { name: 'a.txt', content: Buffer.from('a') });
    expect(other.statusCode).toBe(404);
    expect(await threadsWithSubject('Other office')).toBe(0);
  });
});
