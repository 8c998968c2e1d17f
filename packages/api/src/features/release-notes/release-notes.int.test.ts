/**
 * Release notes and manuals (spec section 7 "Release notes", section 8 messages): a system admin
 * uploads PDF or Markdown with its details; everyone signed in lists and opens them (the "new"
 * mark clears on opening); delete; the spec's error messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MD = Buffer.from('# Vigil 2.1\n\n- Chat between colleagues\n- Support requests\n');

function form(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) { parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)); }
  if (file) { parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n')); }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(who: { id: number }, fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const m = form(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/releasenote', headers: { ...(await as(who)), ...m.headers, 'accept-language': 'en' }, payload: m.payload });
}
const get = async (who: { id: number }, url: string) => t.app.inject({ method: 'GET', url, headers: { ...(await as(who)), 'accept-language': 'en' } });
const manual = { kind: 'manual', title: 'Nurse manual', version: '2.1.0', date: '2026-11-20', language: 'es' };

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
}, 60_000);
afterAll(async () => t?.close());

describe('POST releasenote', () => {
  it('stores a PDF manual and a Markdown release note with their details (system admin)', async () => {
    const pdf = await upload(f.sysadmin, manual, { name: 'manual-enfermeria.pdf', content: PDF });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ kind: 'manual', title: 'Nurse manual', version: '2.1.0', releaseDate: '2026-11-20', language: 'es', fileName: 'manual-enfermeria.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const md = await upload(f.sysadmin, { ...manual, kind: 'release_note', title: 'What is new in 2.1', language: 'en' }, { name: 'notes.md', content: MD });
    expect(md.statusCode, md.body).toBe(200);
    expect(md.json().data).toMatchObject({ kind: 'release_note', contentType: 'text/markdown' });
  });

  it('answers "Error adding release note" with the fields at fault: missing details or file (400), another type (415)', async () => {
    const missing = await upload(f.sysadmin, { kind: 'manual', version: 'v 1', date: '2026-02-30' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Error adding release note');
    expect(Object.keys(missing.json().errors).sort()).toEqual(['File', 'date', 'language', 'title', 'version']);
    const png = await upload(f.sysadmin, manual, { name: 'manual.pdf', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
    expect(png.statusCode).toBe(415);
    expect(png.json().msg).toBe('Error adding release note');
    const txt = await upload(f.sysadmin, manual, { name: 'manual.txt', content: MD });
    expect(txt.statusCode).toBe(415);
  });

  it('refuses anyone but a system admin (403)', async () => {
    for (const who of [f.orgAdminA, f.officeAdminA1, f.nurseA1]) { expect((await upload(who, manual, { name: 'm.pdf', content: PDF })).statusCode).toBe(403); }
  });
});

describe('GET releasenote and GET releasenote/{id}', () => {
  it('lists every document for everyone signed in, new until opened; opening answers the file inline with its type and name', async () => {
    for (const who of [f.nurseA1, f.doctorB1]) {
      const list = (await get(who, '/api/releasenote')).json().data;
      expect(list.total).toBe(2);
      expect(list.newCount).toBe(2);
      expect(list.items.every((n: { isNew: boolean }) => n.isNew)).toBe(true);
    }
    const manuals = (await get(f.nurseA1, '/api/releasenote?kind=manual')).json().data;
    expect(manuals.items.map((n: { title: string }) => n.title)).toEqual(['Nurse manual']);
    const id = manuals.items[0].id;
    const file = await get(f.nurseA1, `/api/releasenote/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename=manual-enfermeria.pdf');
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    const after = (await get(f.nurseA1, '/api/releasenote')).json().data;
    expect(after.newCount).toBe(1);
    expect(after.items.find((n: { id: number }) => n.id === id).isNew).toBe(false);
    // Another user's mark is their own.
    expect((await get(f.doctorB1, '/api/releasenote')).json().data.newCount).toBe(2);
  });

  it('answers 404 "Error getting release note by ID" for an unknown id, 400 for a malformed one', async () => {
    const res = await get(f.nurseA1, '/api/releasenote/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Error getting release note by ID');
    expect((await get(f.nurseA1, '/api/releasenote/abc')).statusCode).toBe(400);
    expect((await get(f.nurseA1, '/api/releasenote?kind=video')).statusCode).toBe(400);
  });
});

describe('DELETE releasenote', () => {
  it('deletes a document (system admin); others get 403; an unknown id 404', async () => {
    const created = (await upload(f.sysadmin, { ...manual, title: 'To delete' }, { name: 'x.pdf', content: PDF })).json().data;
    const del = async (who: { id: number }, id: number) => t.app.inject({ method: 'DELETE', url: `/api/releasenote?id=${id}`, headers: { ...(await as(who)), 'accept-language': 'en' } });
    expect((await del(f.officeAdminA1, created.id)).statusCode).toBe(403);
    expect((await del(f.sysadmin, created.id)).statusCode).toBe(200);
    expect((await get(f.nurseA1, `/api/releasenote/${created.id}`)).statusCode).toBe(404);
    const again = await del(f.sysadmin, created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('Error getting release note by ID');
  });
});
