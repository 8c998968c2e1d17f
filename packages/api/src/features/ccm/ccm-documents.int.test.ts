/**
 * The CCM documents (docs/ccm.md "The comprehensive care plan", "Monthly report"): the care plan
 * PDF in the patient's language with every CMS element (MLN909188), and the office's monthly
 * report PDF; both 404 outside the caller's offices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp, enablePrograms } from '../../../test/setup';
import { pdfText } from '../../../test/pdf-text';
import { users } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const sessions = new Map<number, { sessionguid: string }>();
type Who = { id: number };

async function call(method: 'GET' | 'POST', path: string, who: Who, o: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  let s = sessions.get(who.id);
  if (!s) { sessions.set(who.id, (s = await sessionFor(t, who.id))); }
  const headers: Record<string, string> = { ...s, 'accept-language': o.lang ?? 'en' };
  for (const [k, v] of Object.entries(o.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(o.payload !== undefined ? { payload: o.payload as object } : {}) });
}

const carePlan = {
  title: 'Diabetes and hypertension plan',
  planType: 'comprehensive',
  status: 'active',
  problemList: 'Type 2 diabetes (E11.9); essential hypertension (I10)',
  expectedOutcome: 'Stable glucose and blood pressure at home',
  prognosis: 'Good with adherence',
  goals: [
    { description: 'HbA1c below 7 %', measure: 'HbA1c', target: '< 7 %', targetDate: '2026-12-31', status: 'IN_PROGRESS' },
    { description: 'Blood pressure below 130/80', measure: 'Home BP', target: '< 130/80', status: 'PROPOSED' },
  ],
  symptomManagement: 'Log hypoglycaemia episodes; call for dizziness',
  interventions: [{ description: 'Monthly phone review of readings', responsible: 'Nurse Ana Ruiz' }],
  medicationManagement: 'Metformin 500 mg twice a day; lisinopril 10 mg once a day',
  communityServices: 'Diabetes education class at the community centre',
  coordination: 'Endocrinology referral; results shared with the cardiologist',
  reviewDate: '2026-12-01',
};

/** Every CMS element's heading in each language, in the order the PDF prints them. */
const headings = {
  en: ['Problem list', 'Expected outcome', 'Prognosis', 'Measurable goals', 'Symptom management', 'Planned interventions', 'Medication management', 'Community and social services', 'Coordination with outside providers', 'Schedule for review'],
  es: ['Lista de problemas', 'Resultado esperado', 'Pronóstico', 'Objetivos medibles', 'Manejo de síntomas', 'Intervenciones planificadas', 'Manejo de medicamentos', 'Servicios comunitarios y sociales', 'Coordinación con proveedores externos', 'Calendario de revisión'],
};

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // CCM is off by default: these offices run it (lib/program-switches.ts).
  await enablePrograms(t, [f.a1.id, f.a2.id, f.b1.id]);
});
afterAll(() => t?.close());

describe('GET ccmcareplan/getcareplanpdf', () => {
  it("answers the care plan as a PDF in the patient's language with every CMS element; 404 for other offices and organizations", async () => {
    const record = (await call('POST', 'ccmrecord', f.nurseA1, { payload: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' } })).json().data as { id: number };
    const created = await call('POST', 'ccmcareplan', f.nurseA1, { payload: { ...carePlan, ccmRecordId: record.id } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { id: number }).id;

    for (const lang of ['es', 'en'] as const) {
      await t.ctx.db.update(users).set({ language: lang === 'en' ? 'ENG' : 'ESP' }).where(eq(users.id, f.patientA1.id));
      // The caller's language does not matter: the copy is the patient's.
      const res = await call('GET', 'ccmcareplan/getcareplanpdf', f.doctorA1, { headers: { careplanid: id }, lang: lang === 'en' ? 'es' : 'en' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const text = pdfText(res.rawPayload);
      const all = text.join('\n');
      let from = -1;
      for (const h of headings[lang]) {
        const at = text.indexOf(h, from + 1);
        expect(at, `${lang}: ${h} after line ${from}`).toBeGreaterThan(from);
        from = at;
      }
      for (const value of [carePlan.problemList, carePlan.expectedOutcome, carePlan.prognosis, '1. HbA1c below 7 %', '2. Blood pressure below 130/80', carePlan.symptomManagement, '1. Monthly phone review of readings', carePlan.medicationManagement, carePlan.communityServices, carePlan.coordination]) {
        expect(all).toContain(value);
      }
      expect(all).toContain(lang === 'en' ? 'Responsible: Nurse Ana Ruiz' : 'Responsable: Nurse Ana Ruiz');
      expect(all).toContain(lang === 'en' ? 'Next review on 12/01/2026' : 'Próxima revisión el 01/12/2026');
    }

    for (const who of [f.doctorA2, f.doctorB1]) { expect((await call('GET', 'ccmcareplan/getcareplanpdf', who, { headers: { careplanid: id } })).statusCode).toBe(404); }
    expect((await call('GET', 'ccmcareplan/getcareplanpdf', f.patientA1, { headers: { careplanid: id } })).statusCode).toBe(403);
    expect((await call('GET', 'ccmcareplan/getcareplanpdf', f.doctorA1, { headers: { careplanid: 999_999 } })).statusCode).toBe(404);
  });
});

describe('GET ccmrecord/getreportpdfformonth', () => {
  it("answers the office's monthly report as a PDF in the caller's language; 404 for an office of another organization", async () => {
    const res = await call('GET', 'ccmrecord/getreportpdfformonth', f.doctorA1, { headers: { hospitalid: f.a1.id, month: 1, year: 2026 }, lang: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const all = pdfText(res.rawPayload).join('\n');
    expect(all).toContain('Informe mensual de CCM');
    expect(all).toContain('enero 2026');
    expect(all).toContain(`${f.patientA1.lastName}, ${f.patientA1.firstName}`);
    expect((await call('GET', 'ccmrecord/getreportpdfformonth', f.doctorB1, { headers: { hospitalid: f.a1.id, month: 1, year: 2026 } })).statusCode).toBe(404);
    expect((await call('GET', 'ccmrecord/getreportpdfformonth', f.doctorA1, { headers: { hospitalid: f.a1.id, month: 13, year: 2026 } })).statusCode).toBe(400);
  });
});
