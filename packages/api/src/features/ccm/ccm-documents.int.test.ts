/**
 * The CCM documents (docs/ccm.md "The comprehensive care plan", "Monthly report"): the care plan
 * PDF in the patient's language with every CMS element (MLN909188), and the office's monthly
 * report PDF; both 404 outside the caller's offices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ccm, type In } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp, enablePrograms } from '../../../test/setup';
import { pdfText } from '../../../test/pdf-text';
import { users } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

const carePlan: Omit<In<typeof ccm.createCcmCarePlan.body>, 'ccmRecordId'> = {
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
    const record = (await callAs(f.nurseA1, ccm.createCcmRecord, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, recordDate: '2026-01-05' } })).body;
    const created = await callAs(f.nurseA1, ccm.createCcmCarePlan, { body: { ...carePlan, ccmRecordId: record.id } });
    expect(created.status, created.reply.body).toBe(201);
    const id = created.body.id;

    for (const lang of ['es', 'en'] as const) {
      await t.ctx.db.update(users).set({ language: lang === 'en' ? 'ENG' : 'ESP' }).where(eq(users.id, f.patientA1.id));
      // The caller's language does not matter: the copy is the patient's.
      const res = await callAs(f.doctorA1, ccm.getCcmCarePlanPdf, { headers: { careplanid: id }, lang: lang === 'en' ? 'es' : 'en' });
      expect(res.status, res.reply.body).toBe(200);
      expect(res.reply.headers['content-type']).toContain('application/pdf');
      expect(res.reply.headers['cache-control']).toBe('no-store');
      const text = pdfText(res.reply.rawPayload);
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

    for (const who of [f.doctorA2, f.doctorB1]) { expect((await callAs(who, ccm.getCcmCarePlanPdf, { headers: { careplanid: id } })).status).toBe(404); }
    expect((await callAs(f.doctorA1, ccm.getCcmCarePlanPdf, { headers: { careplanid: 999_999 } })).status).toBe(404);
  });
});

describe('GET ccmrecord/getreportpdfformonth', () => {
  it("answers the office's monthly report as a PDF in the caller's language; 404 for an office of another organization", async () => {
    const res = await callAs(f.doctorA1, ccm.getCcmReportPdf, { headers: { hospitalid: f.a1.id, month: 1, year: 2026 }, lang: 'es' });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toContain('application/pdf');
    const all = pdfText(res.reply.rawPayload).join('\n');
    expect(all).toContain('Informe mensual de CCM');
    expect(all).toContain('enero 2026');
    expect(all).toContain(`${f.patientA1.lastName}, ${f.patientA1.firstName}`);
    expect((await callAs(f.doctorB1, ccm.getCcmReportPdf, { headers: { hospitalid: f.a1.id, month: 1, year: 2026 } })).status).toBe(404);
    expect((await callAs(f.doctorA1, ccm.getCcmReportPdf, { headers: { hospitalid: f.a1.id, month: invalid(13), year: 2026 } })).status).toBe(400);
  });
});
