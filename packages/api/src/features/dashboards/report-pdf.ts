/**
 * The report of /SaReports and /OaReports as a PDF (pdfkit as invoices use it, standard Helvetica:
 * Latin-1 covers English and Spanish), in the caller's language: one table per section and a bar
 * chart of the billable amount by month (docs/dashboards.md "Reports").
 */
import PDFDocument from 'pdfkit';
import type { BusinessReport, Lang } from '@vigil/contract';

const labels = {
  en: {
    title: 'Vigil report',
    all: 'All organizations',
    period: 'Period',
    generated: 'Generated',
    patients: 'Patients by program and status',
    billing: 'Billing by month and code',
    billingChart: 'Billable amount by month',
    staffTime: 'Staff time by program',
    responseTimes: 'Alert response times (minutes, per reading)',
    audit: 'Audit summary (PHI audit trail)',
    program: 'Program',
    status: 'Status',
    count: 'Patients',
    statuses: { active: 'Active', inactive: 'Inactive' },
    month: 'Month',
    code: 'Code',
    claims: 'Claims',
    units: 'Units',
    amount: 'Amount',
    hours: 'Hours',
    entries: 'Entries',
    staff: 'Staff',
    processed: 'Processed',
    median: 'Median',
    p90: '90th percentile',
    action: 'Action',
    events: 'Events',
    refused: 'Refused',
    users: 'Users',
    people: 'Patients',
    actions: { C: 'Create', R: 'Read', U: 'Update', D: 'Delete', E: 'Execute' },
    none: 'No data in this period.',
    locale: 'en-US',
  },
  es: {
    title: 'Informe de Vigil',
    all: 'Todas las organizaciones',
    period: 'Período',
    generated: 'Generado',
    patients: 'Pacientes por programa y estado',
    billing: 'Facturación por mes y código',
    billingChart: 'Importe facturable por mes',
    staffTime: 'Tiempo del personal por programa',
    responseTimes: 'Tiempos de respuesta a alertas (minutos, por lectura)',
    audit: 'Resumen de auditoría (registro de acceso a PHI)',
    program: 'Programa',
    status: 'Estado',
    count: 'Pacientes',
    statuses: { active: 'Activo', inactive: 'Inactivo' },
    month: 'Mes',
    code: 'Código',
    claims: 'Reclamos',
    units: 'Unidades',
    amount: 'Importe',
    hours: 'Horas',
    entries: 'Registros',
    staff: 'Personal',
    processed: 'Procesadas',
    median: 'Mediana',
    p90: 'Percentil 90',
    action: 'Acción',
    events: 'Eventos',
    refused: 'Rechazados',
    users: 'Usuarios',
    people: 'Pacientes',
    actions: { C: 'Crear', R: 'Leer', U: 'Actualizar', D: 'Eliminar', E: 'Ejecutar' },
    none: 'Sin datos en este período.',
    locale: 'es-US',
  },
} as const;

/**
 * Integer cents as money text ('$1,234.56' / '1.234,56 US$'), without float division; null (no
 * amount loaded for the code, docs/billing-engine.md "Amounts") reads as such, never $0.00.
 */
export function reportMoney(cents: number | null, lang: Lang): string {
  if (cents === null) { return lang === 'es' ? 'sin importe cargado' : 'no amount loaded'; }
  const whole = new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: 0 }).format(Math.trunc(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  return lang === 'es' ? `${whole},${fraction} US$` : `$${whole}.${fraction}`;
}

/** Seconds as hours with one decimal, in the language's decimal mark. */
export function reportHours(seconds: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(seconds / 3600);
}

/** Renders `report` in `lang`; resolves with the PDF's bytes. */
export function renderReportPdf(report: BusinessReport, lang: Lang): Promise<Buffer> {
  const L = labels[lang];
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `${L.title} ${report.from} - ${report.to}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const num = (n: number | null) => (n === null ? '-' : new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: 1 }).format(n));

  doc.font('Helvetica-Bold').fontSize(20).text(L.title);
  doc.font('Helvetica-Bold').fontSize(13).text(report.organizationName ?? L.all);
  doc.font('Helvetica').fontSize(10).text(`${L.period}: ${report.from} - ${report.to}`);
  doc.text(`${L.generated}: ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);
  doc.moveDown();

  const left = 50;
  const usable = 512;
  /** A section: its heading, then a table whose first column is left-aligned and the others right-aligned. */
  const table = (heading: string, header: string[], body: string[][]) => {
    if (doc.y > 620) { doc.addPage(); }
    doc.font('Helvetica-Bold').fontSize(12).text(heading, left);
    doc.moveDown(0.3);
    doc.fontSize(10);
    if (body.length === 0) {
      doc.font('Helvetica-Oblique').text(L.none, left).moveDown();
      return;
    }
    const width = usable / header.length;
    const row = (cells: string[], bold: boolean) => {
      if (doc.y > 700) { doc.addPage(); }
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      const height = Math.max(...cells.map((c) => doc.heightOfString(c, { width: width - 6 })));
      cells.forEach((c, n) => doc.text(c, left + n * width, y, { width: width - 6, align: n === 0 ? 'left' : 'right' }));
      doc.y = y + height + 3;
      doc.x = left;
    };
    row(header, true);
    doc.moveTo(left, doc.y).lineTo(left + usable, doc.y).stroke();
    doc.moveDown(0.2);
    for (const r of body) { row(r, false); }
    doc.moveDown();
  };

  table(L.patients, [L.program, L.status, L.count], report.patients.map((p) => [p.program, L.statuses[p.status], String(p.patients)]));
  table(L.billing, [L.month, L.code, L.claims, L.units, L.amount], report.billing.map((b) => [b.month, b.code, String(b.claims), String(b.units), reportMoney(b.amountCents, lang)]));

  // The billable amount by month as bars (the web's chart of the same figures).
  const byMonth = new Map<string, number>();
  // A code without a loaded amount adds no bar (its row says "no amount loaded").
  for (const b of report.billing) { if (b.amountCents !== null) { byMonth.set(b.month, (byMonth.get(b.month) ?? 0) + b.amountCents); } }
  if (byMonth.size > 0) {
    if (doc.y > 560) { doc.addPage(); }
    doc.font('Helvetica-Bold').fontSize(11).text(L.billingChart, left);
    const top = doc.y + 6;
    const chartHeight = 110;
    const max = Math.max(...byMonth.values(), 1);
    const slot = Math.min(70, usable / byMonth.size);
    doc.fontSize(8).font('Helvetica');
    [...byMonth.entries()].forEach(([month, cents], n) => {
      const h = Math.round((cents / max) * chartHeight);
      const x = left + n * slot + 6;
      doc.rect(x, top + chartHeight - h, slot - 12, h).fill('#087f5b');
      doc.fillColor('black').text(month, x - 6, top + chartHeight + 3, { width: slot, align: 'center' });
      doc.text(reportMoney(cents, lang), x - 6, top + chartHeight - h - 11, { width: slot, align: 'center' });
    });
    doc.moveTo(left, top + chartHeight).lineTo(left + usable, top + chartHeight).stroke();
    doc.y = top + chartHeight + 20;
    doc.x = left;
    doc.moveDown();
  }

  table(L.staffTime, [L.program, L.hours, L.entries, L.staff], report.staffTime.map((s) => [s.program, reportHours(s.seconds, lang), String(s.entries), String(s.staff)]));
  table(L.responseTimes, [L.month, L.processed, L.median, L.p90], report.responseTimes.map((r) => [r.month, String(r.processed), num(r.medianMinutes), num(r.p90Minutes)]));
  table(L.audit, [L.action, L.events, L.refused, L.users, L.people], report.audit.map((a) => [L.actions[a.action], String(a.events), String(a.refused), String(a.users), String(a.patients)]));
  doc.end();
  return done;
}
