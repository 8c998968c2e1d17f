/**
 * Release notes and manuals (spec section 7 "Release notes", section 8 messages): a system admin
 * uploads PDF or Markdown with its details; everyone signed in lists and opens them (the "new"
 * mark clears on opening); delete; the spec's error messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseNotes } from '@vigil/contract';
import { callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MD = Buffer.from('# Vigil 2.1\n\n- Chat between colleagues\n- Support requests\n');

/** A multipart form (the upload is not JSON): the text fields, then the file in field "File". */
function form(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) { parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)); }
  if (file) { parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n')); }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: CallUser, fields: Record<string, string>, file?: { name: string; content: Buffer }) => callAs(who, releaseNotes.addReleaseNote, form(fields, file));
const list = async (who: CallUser, query: { kind?: 'manual' | 'release_note' } = {}) => {
  const res = await callAs(who, releaseNotes.findReleaseNotes, { query });
  expect(res.status, res.msg).toBe(200);
  return res.body;
};
const manual = { kind: 'manual', title: 'Nurse manual', version: '2.1.0', date: '2026-11-20', language: 'es' };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 60_000);
afterAll(async () => t?.close());

describe('POST releasenote', () => {
  it('stores a PDF manual and a Markdown release note with their details (system admin)', async () => {
    const pdf = await upload(f.sysadmin, manual, { name: 'manual-enfermeria.pdf', content: PDF });
    expect(pdf.status, pdf.msg).toBe(200);
    expect(pdf.body).toMatchObject({ kind: 'manual', title: 'Nurse manual', version: '2.1.0', releaseDate: '2026-11-20', language: 'es', fileName: 'manual-enfermeria.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const md = await upload(f.sysadmin, { ...manual, kind: 'release_note', title: 'What is new in 2.1', language: 'en' }, { name: 'notes.md', content: MD });
    expect(md.status, md.msg).toBe(200);
    expect(md.body).toMatchObject({ kind: 'release_note', contentType: 'text/markdown' });
  });

  it('answers "Error adding release note" with the fields at fault: missing details or file (400), another type (415)', async () => {
    const missing = await upload(f.sysadmin, { kind: 'manual', version: 'v 1', date: '2026-02-30' });
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('Error adding release note');
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['File', 'date', 'language', 'title', 'version']);
    const png = await upload(f.sysadmin, manual, { name: 'manual.pdf', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
    expect(png.status).toBe(415);
    expect(png.msg).toBe('Error adding release note');
    const txt = await upload(f.sysadmin, manual, { name: 'manual.txt', content: MD });
    expect(txt.status).toBe(415);
    expect(txt.msg).toBe('Error adding release note');
    // Nothing was stored by the refused uploads.
    expect((await list(f.sysadmin)).total).toBe(2);
  });
});

describe('GET releasenote and GET releasenote/{id}', () => {
  it('lists every document for everyone signed in, new until opened; opening answers the file inline with its type and name', async () => {
    for (const who of [f.nurseA1, f.doctorB1]) {
      const page = await list(who);
      expect(page.total).toBe(2);
      expect(page.newCount).toBe(2);
      expect(page.items.every((n) => n.isNew)).toBe(true);
    }
    const manuals = await list(f.nurseA1, { kind: 'manual' });
    expect(manuals.items.map((n) => n.title)).toEqual(['Nurse manual']);
    const id = manuals.items[0]!.id;
    const file = await callAs(f.nurseA1, releaseNotes.getReleaseNote, { params: { id } });
    expect(file.status).toBe(200);
    expect(file.reply.headers['content-type']).toBe('application/pdf');
    expect(file.reply.headers['content-disposition']).toBe('inline; filename=manual-enfermeria.pdf');
    expect(Buffer.compare(file.reply.rawPayload, PDF)).toBe(0);
    const after = await list(f.nurseA1);
    expect(after.newCount).toBe(1);
    expect(after.items.find((n) => n.id === id)!.isNew).toBe(false);
    // Another user's mark is their own.
    expect((await list(f.doctorB1)).newCount).toBe(2);
  });

  it('answers 404 "Error getting release note by ID" for an unknown id, 400 for a malformed one', async () => {
    const res = await callAs(f.nurseA1, releaseNotes.getReleaseNote, { params: { id: 999999 } });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('Error getting release note by ID');
    expect((await callAs(f.nurseA1, releaseNotes.getReleaseNote, { params: { id: invalid('abc') } })).status).toBe(400);
    expect((await callAs(f.nurseA1, releaseNotes.findReleaseNotes, { query: { kind: invalid('video') } })).status).toBe(400);
  });
});

describe('DELETE releasenote', () => {
  it('deletes a document (system admin); an unknown id 404', async () => {
    const created = await upload(f.sysadmin, { ...manual, title: 'To delete' }, { name: 'x.pdf', content: PDF });
    expect(created.status, created.msg).toBe(200);
    const del = (id: number) => callAs(f.sysadmin, releaseNotes.deleteReleaseNote, { query: { id } });
    const done = await del(created.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: created.body.id });
    expect((await callAs(f.nurseA1, releaseNotes.getReleaseNote, { params: { id: created.body.id } })).status).toBe(404);
    const again = await del(created.body.id);
    expect(again.status).toBe(404);
    expect(again.msg).toBe('Error getting release note by ID');
  });
});
