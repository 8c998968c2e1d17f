/**
 * The invoice as a PDF (pdfkit, standard Helvetica: Latin-1 covers English and Spanish), in the
 * invoice's language: the organization's details, number, dates, one line per office, discount,
 * tax, grand total, payment methods and terms (docs/invoices.md "PDF").
 */
import PDFDocument from 'pdfkit';
import type { Invoice } from '@vigil/contract';
import type { InvoiceOrganization } from './invoices.repo';

const labels = {
  en: {
    title: 'INVOICE',
    draft: 'DRAFT - not issued',
    number: 'Invoice number',
    period: 'Period',
    date: 'Invoice date',
    due: 'Due date',
    status: 'Status',
    office: 'Office',
    patients: 'Billable patients',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    tax: 'Tax',
    total: 'Grand total',
    payment: 'Payment methods',
    terms: 'Terms',
    statuses: { draft: 'Draft', issued: 'Issued', paid: 'Paid', overdue: 'Overdue', void: 'Void' },
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    locale: 'en-US',
  },
  es: {
    title: 'FACTURA',
    draft: 'BORRADOR - no emitida',
    number: 'Número de factura',
    period: 'Período',
    date: 'Fecha de factura',
    due: 'Fecha de vencimiento',
    status: 'Estado',
    office: 'Oficina',
    patients: 'Pacientes facturables',
    unit: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    tax: 'Impuesto',
    total: 'Total',
    payment: 'Formas de pago',
    terms: 'Condiciones',
    statuses: { draft: 'Borrador', issued: 'Emitida', paid: 'Pagada', overdue: 'Vencida', void: 'Anulada' },
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    locale: 'es-US',
  },
} as const;

/** Cents as money text in `locale` ('$1,234.56' / 'US$ 1234,56'), from integers only (no float division). */
export function formatCents(cents: number, locale: 'en-US' | 'es-US'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.trunc(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return locale === 'en-US' ? `${sign}$${whole}.${fraction}` : `${sign}${whole},${fraction} US$`;
}

/** 'YYYY-MM-DD' as mm/dd/yyyy (English) or dd/mm/aaaa (Spanish), docs/dates.md. */
const formatDay = (day: string | null, lang: 'en' | 'es') => {
  if (!day) { return '-'; }
  const [y, m, d] = day.split('-');
  return lang === 'en' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
};

/** Renders `invoice` of `org` as a PDF document; resolves with its bytes. */
export function renderInvoicePdf(invoice: Invoice, org: InvoiceOrganization): Promise<Buffer> {
  const lang = invoice.language;
  const L = labels[lang];
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `${L.title} ${invoice.displayNumber}`.trim(), Author: org.institutionName } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (c: number) => formatCents(c, L.locale);
  // Decimal comma in Spanish, like the amounts (formatCents).
  const percent = (p: number) => `${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: 2 }).format(p)} %`;
  const orgName = lang === 'es' && org.institutionNameEsp ? org.institutionNameEsp : org.institutionName;

  doc.font('Helvetica-Bold').fontSize(20).text(L.title, { align: 'right' });
  if (invoice.status === 'draft') { doc.font('Helvetica').fontSize(10).fillColor('#b00020').text(L.draft, { align: 'right' }).fillColor('black'); }
  doc.moveUp(invoice.status === 'draft' ? 2 : 1);
  doc.font('Helvetica-Bold').fontSize(14).text(orgName, 50);
  doc.font('Helvetica').fontSize(10);
  for (const line of [org.address, [org.city, org.state, org.zip].filter(Boolean).join(', '), org.country, org.contactEmail, org.contactPhone]) { if (line) { doc.text(line); } }
  doc.moveDown();

  const facts: [string, string][] = [
    [L.number, invoice.displayNumber || '-'],
    [L.period, `${L.months[invoice.month - 1]} ${invoice.year}`],
    [L.date, formatDay(invoice.invoiceDate, lang)],
    [L.due, formatDay(invoice.dueDate, lang)],
    [L.status, L.statuses[invoice.status]],
  ];
  for (const [k, v] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(k, 50, y, { width: 150 });
    doc.font('Helvetica').text(v, 200, y);
  }
  doc.moveDown();

  const cols = [50, 270, 380, 470];
  const widths = [215, 100, 85, 92];
  // A row is as tall as its tallest cell (a header may wrap: "Pacientes facturables").
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const height = Math.max(...cells.map((c, n) => doc.heightOfString(c, { width: widths[n] })));
    cells.forEach((c, n) => doc.text(c, cols[n], y, { width: widths[n], align: n === 0 ? 'left' : 'right' }));
    doc.y = y + height;
    doc.x = 50;
    doc.moveDown(0.4);
  };
  row([L.office, L.patients, L.unit, L.amount], true);
  doc.moveTo(50, doc.y).lineTo(562, doc.y).stroke();
  doc.moveDown(0.3);
  for (const l of invoice.lines) {
    if (doc.y > 680) { doc.addPage(); }
    row([l.description, String(l.quantity), money(l.unitPriceCents), money(l.amountCents)]);
  }
  doc.moveTo(50, doc.y).lineTo(562, doc.y).stroke();
  doc.moveDown(0.5);
  const total = (k: string, v: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(k, 300, y, { width: 160, align: 'right' });
    doc.text(v, 470, y, { width: 92, align: 'right' });
    doc.moveDown(0.3);
  };
  total(L.subtotal, money(invoice.subtotalCents));
  total(invoice.discountPercent > 0 ? `${L.discount} (${percent(invoice.discountPercent)})` : L.discount, '-' + money(invoice.discountAmountCents));
  total(`${L.tax} (${percent(invoice.taxPercent)})`, money(invoice.taxAmountCents));
  total(L.total, money(invoice.grandTotalCents), true);
  doc.moveDown();
  if (invoice.paymentMethods) { doc.font('Helvetica-Bold').text(L.payment, 50).font('Helvetica').text(invoice.paymentMethods).moveDown(0.5); }
  if (invoice.terms) { doc.font('Helvetica-Bold').text(L.terms, 50).font('Helvetica').text(invoice.terms); }
  doc.end();
  return done;
}
