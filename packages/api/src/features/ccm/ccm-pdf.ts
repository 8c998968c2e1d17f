/**
 * The CCM documents as PDFs (pdfkit, standard Helvetica: Latin-1 covers English and Spanish, as
 * invoices' PDF does): the comprehensive care plan in the patient's language, with every CMS
 * element (MLN909188 "Comprehensive care plan"; docs/ccm.md "The comprehensive care plan"), and
 * the office's monthly CCM report in the caller's language (docs/ccm.md "Monthly report").
 */
import PDFDocument from 'pdfkit';
import { ccmOptionLists, CCM_MINUTE_MARKS, type CcmOptionListName, type CcmReport } from '@vigil/contract';

export type DocLang = 'en' | 'es';

const labels = {
  en: {
    carePlan: 'Comprehensive care plan',
    patient: 'Patient',
    birthdate: 'Date of birth',
    office: 'Office',
    plan: 'Plan',
    type: 'Type',
    status: 'Status',
    updated: 'Last updated',
    problemList: 'Problem list',
    expectedOutcome: 'Expected outcome',
    prognosis: 'Prognosis',
    goals: 'Measurable goals',
    measure: 'Measure',
    target: 'Target',
    targetDate: 'Target date',
    symptomManagement: 'Symptom management',
    interventions: 'Planned interventions',
    responsible: 'Responsible',
    medicationManagement: 'Medication management',
    communityServices: 'Community and social services',
    coordination: 'Coordination with outside providers',
    review: 'Schedule for review',
    nextReview: 'Next review on',
    none: 'None',
    goalStatuses: { PROPOSED: 'Proposed', IN_PROGRESS: 'In progress', ACHIEVED: 'Achieved', NOT_ACHIEVED: 'Not achieved' },
    footer: 'This is your care plan. Keep this copy; ask your care team about any part of it.',
    report: 'Monthly CCM report',
    month: 'Month',
    columns: ['Patient', 'Minutes', 'Mark', 'Consent', 'Conditions', 'Care plan review'],
    yes: 'Yes',
    no: 'No',
    due: 'due',
    marks: `Minute marks: ${CCM_MINUTE_MARKS.join(' / ')} (99490, +99439, 99487 or +2 99439)`,
    empty: 'No CCM records in this office for the month.',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  es: {
    carePlan: 'Plan de cuidados integral',
    patient: 'Paciente',
    birthdate: 'Fecha de nacimiento',
    office: 'Oficina',
    plan: 'Plan',
    type: 'Tipo',
    status: 'Estado',
    updated: 'Última actualización',
    problemList: 'Lista de problemas',
    expectedOutcome: 'Resultado esperado',
    prognosis: 'Pronóstico',
    goals: 'Objetivos medibles',
    measure: 'Medida',
    target: 'Meta',
    targetDate: 'Fecha objetivo',
    symptomManagement: 'Manejo de síntomas',
    interventions: 'Intervenciones planificadas',
    responsible: 'Responsable',
    medicationManagement: 'Manejo de medicamentos',
    communityServices: 'Servicios comunitarios y sociales',
    coordination: 'Coordinación con proveedores externos',
    review: 'Calendario de revisión',
    nextReview: 'Próxima revisión el',
    none: 'Ninguno',
    goalStatuses: { PROPOSED: 'Propuesto', IN_PROGRESS: 'En curso', ACHIEVED: 'Logrado', NOT_ACHIEVED: 'No logrado' },
    footer: 'Este es su plan de cuidados. Guarde esta copia; consulte a su equipo de atención sobre cualquier parte.',
    report: 'Informe mensual de CCM',
    month: 'Mes',
    columns: ['Paciente', 'Minutos', 'Umbral', 'Consentimiento', 'Afecciones', 'Revisión del plan'],
    yes: 'Sí',
    no: 'No',
    due: 'pendiente',
    marks: `Umbrales de minutos: ${CCM_MINUTE_MARKS.join(' / ')} (99490, +99439, 99487 o +2 99439)`,
    empty: 'No hay registros CCM en esta oficina para el mes.',
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  },
} as const;

/** 'YYYY-MM-DD' as mm/dd/yyyy (English) or dd/mm/aaaa (Spanish), docs/dates.md. */
export const formatDay = (day: string | null | undefined, lang: DocLang) => {
  if (!day) { return '-'; }
  const [y, m, d] = day.slice(0, 10).split('-');
  return lang === 'en' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
};

const option = (list: CcmOptionListName, code: string, lang: DocLang) => (ccmOptionLists[list] as readonly { code: string; en: string; es: string }[]).find((o) => o.code === code)?.[lang] ?? code;

/** A pdfkit document and the promise of its bytes. */
function start(title: string, author: string, layout: 'portrait' | 'landscape' = 'portrait') {
  const doc = new PDFDocument({ size: 'LETTER', layout, margin: 50, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A care plan as `renderCarePlanPdf` takes it (the `ccmcareplan` answer's fields). */
export interface CarePlanForPdf {
  title: string;
  planType: string;
  status: string;
  problemList: string;
  expectedOutcome: string;
  prognosis: string;
  goals: { description: string; measure?: string; target?: string; targetDate?: string | null; status: keyof (typeof labels)['en']['goalStatuses'] }[];
  symptomManagement: string;
  interventions: { description: string; responsible: string }[];
  medicationManagement: string;
  communityServices: string;
  coordination: string;
  reviewDate: string;
  updatedAt: string;
}

/**
 * Renders care plan `plan` of `patient` kept in office `officeName` in `lang`: the header
 * (patient, birth date, office, plan type, status, last update), then each CMS element in
 * order, the goals and interventions as numbered lists and the review schedule. Resolves with
 * the PDF's bytes.
 */
export function renderCarePlanPdf(plan: CarePlanForPdf, patient: { firstName: string; lastName: string; birthdate: string | null }, officeName: string, lang: DocLang): Promise<Buffer> {
  const L = labels[lang];
  const { doc, done } = start(`${L.carePlan}: ${plan.title}`, officeName);
  const heading = (text: string) => {
    if (doc.y > 680) { doc.addPage(); }
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor('#0b7285').text(text, 50).fillColor('black').font('Helvetica').fontSize(10).moveDown(0.2);
  };
  const para = (text: string) => doc.font('Helvetica').fontSize(10).text(text.trim() || L.none, 50, undefined, { width: 512 });

  doc.font('Helvetica-Bold').fontSize(18).text(L.carePlan);
  doc.font('Helvetica').fontSize(12).text(plan.title).moveDown(0.5);
  const facts: [string, string][] = [
    [L.patient, `${patient.firstName} ${patient.lastName}`],
    [L.birthdate, formatDay(patient.birthdate, lang)],
    [L.office, officeName],
    [L.type, option('carePlanTypes', plan.planType, lang)],
    [L.status, option('carePlanStatuses', plan.status, lang)],
    [L.updated, formatDay(plan.updatedAt, lang)],
  ];
  doc.fontSize(10);
  for (const [k, v] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(k, 50, y, { width: 150 });
    doc.font('Helvetica').text(v, 200, y, { width: 362 });
  }

  heading(L.problemList);
  para(plan.problemList);
  heading(L.expectedOutcome);
  para(plan.expectedOutcome);
  heading(L.prognosis);
  para(plan.prognosis);
  heading(L.goals);
  plan.goals.forEach((g, i) => {
    if (doc.y > 690) { doc.addPage(); }
    doc.font('Helvetica-Bold').text(`${i + 1}. ${g.description}`, 50, undefined, { width: 512 });
    const details = [g.measure && `${L.measure}: ${g.measure}`, g.target && `${L.target}: ${g.target}`, g.targetDate && `${L.targetDate}: ${formatDay(g.targetDate, lang)}`, `${L.status}: ${L.goalStatuses[g.status]}`].filter(Boolean).join(' · ');
    doc.font('Helvetica').text(details, 65, undefined, { width: 497 });
  });
  heading(L.symptomManagement);
  para(plan.symptomManagement);
  heading(L.interventions);
  plan.interventions.forEach((iv, i) => {
    if (doc.y > 690) { doc.addPage(); }
    doc.font('Helvetica').text(`${i + 1}. ${iv.description}`, 50, undefined, { width: 512 });
    doc.font('Helvetica-Oblique').text(`${L.responsible}: ${iv.responsible}`, 65, undefined, { width: 497 });
  });
  heading(L.medicationManagement);
  para(plan.medicationManagement);
  heading(L.communityServices);
  para(plan.communityServices);
  heading(L.coordination);
  para(plan.coordination);
  heading(L.review);
  para(`${L.nextReview} ${formatDay(plan.reviewDate, lang)}`);
  doc.moveDown(1.5).font('Helvetica-Oblique').fontSize(9).fillColor('#495057').text(L.footer, 50, undefined, { width: 512 });
  doc.end();
  return done;
}

/**
 * Renders the monthly CCM report of office `officeName` (the answer of `getreportdataformonth`)
 * in `lang`: one row per patient with the month's CCM minutes, the highest 20 / 40 / 60 mark
 * reached, consent on file, chronic conditions and the care plan's review date. Resolves with
 * the PDF's bytes.
 */
export function renderCcmReportPdf(report: CcmReport, officeName: string, lang: DocLang): Promise<Buffer> {
  const L = labels[lang];
  const { doc, done } = start(`${L.report} ${report.year}-${String(report.month).padStart(2, '0')}`, officeName, 'landscape');
  doc.font('Helvetica-Bold').fontSize(18).text(L.report);
  doc.font('Helvetica').fontSize(11).text(`${L.office}: ${officeName}`).text(`${L.month}: ${L.months[report.month - 1]} ${report.year}`);
  doc.fontSize(9).fillColor('#495057').text(L.marks).fillColor('black').moveDown(0.8);
  const cols = [50, 270, 340, 400, 500, 580];
  const widths = [215, 65, 55, 95, 75, 162];
  const row = (cells: string[], bold = false) => {
    if (doc.y > 540) { doc.addPage(); }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(...cells.map((c, n) => doc.heightOfString(c, { width: widths[n] })));
    cells.forEach((c, n) => doc.text(c, cols[n], y, { width: widths[n] }));
    doc.y = y + height;
    doc.x = 50;
    doc.moveDown(0.3);
  };
  row([...L.columns], true);
  doc.moveTo(50, doc.y).lineTo(742, doc.y).stroke();
  doc.moveDown(0.3);
  if (report.rows.length === 0) { doc.font('Helvetica').text(L.empty, 50); }
  for (const r of report.rows) {
    row([
      `${r.lastName}, ${r.firstName}`,
      String(r.minutes),
      r.markReached > 0 ? String(r.markReached) : '-',
      r.consentOnFile ? L.yes : L.no,
      String(r.chronicConditions),
      r.carePlanReviewDate ? `${formatDay(r.carePlanReviewDate, lang)}${r.carePlanReviewDue ? ` (${L.due})` : ''}` : L.none,
    ]);
  }
  doc.end();
  return done;
}
