import type { TFunction } from 'i18next';
import { optionLabel } from './fields';

/** What a list row shows: its title, short badges and detail lines. */
export interface RowSummary {
  title: string;
  badges: string[];
  lines: string[];
}

interface Ctx {
  t: TFunction;
  lang: string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
}

type Row = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const compact = (xs: (string | false | null | undefined)[]) => xs.filter((x): x is string => !!x);

/** One row of each sub-record group in short (the generic section's list; docs/ccm.md). */
export const groupSummaries: Record<string, (row: Row, c: Ctx) => RowSummary> = {
  ccmconditions: (r, { t, lang, date }) => ({
    title: r.icd10Code ? `${s(r.name)} (${s(r.icd10Code)})` : s(r.name),
    badges: compact([optionLabel('conditionHistory', s(r.historyStatus), lang), r.isPrimary === true && t('values.primary'), optionLabel('conditionSeverity', s(r.severity), lang)]),
    lines: compact([
      !!r.onsetDate && t('rows.since', { date: date(s(r.onsetDate)) }),
      Array.isArray(r.history) &&
        r.history.length > 0 &&
        t('rows.history', { entries: (r.history as Row[]).map((h) => `${optionLabel('conditionHistory', s(h.status), lang)} ${date(s(h.recordedOn))}`).join(' → ') }),
      s(r.notes),
    ]),
  }),
  ccmdiagnosis: (r, { lang }) => ({
    title: r.code ? `${s(r.code)} ${s(r.description)}` : s(r.description),
    badges: compact([optionLabel('diagnosisTypes', s(r.diagnosisType), lang)]),
    lines: compact([s(r.notes)]),
  }),
  ccmcareplan: (r, { t, lang, date }) => ({
    title: s(r.title),
    badges: compact([optionLabel('carePlanStatuses', s(r.status), lang), optionLabel('carePlanTypes', s(r.planType), lang)]),
    lines: compact([
      t('rows.review', { date: date(s(r.reviewDate)) }),
      r.establishedOn ? t('rows.established', { date: date(s(r.establishedOn)) }) : '',
      r.revisedOn ? t('rows.revised', { date: date(s(r.revisedOn)) }) : '',
      t('rows.goals', { count: Array.isArray(r.goals) ? r.goals.length : 0, list: Array.isArray(r.goals) ? (r.goals as Row[]).map((g) => s(g.description)).join('; ') : '' }),
      t('rows.interventions', { count: Array.isArray(r.interventions) ? r.interventions.length : 0 }),
    ]),
  }),
  ccmtimelogentry: (r, { t, dateTime }) => ({
    title: t('rows.minutes', { count: Number(r.minutes) }),
    badges: compact([r.interactive === true && t('values.interactive')]),
    lines: compact([s(r.activity), dateTime(s(r.startedAt))]),
  }),
  ccmmedicationevent: (r, { t, lang, date }) => ({
    title: `${s(r.medicationName)}${r.dose ? ` ${s(r.dose)}` : ''}`,
    badges: compact([optionLabel('medicationEventTypes', s(r.eventType), lang), !!r.frequency && t(`values.${s(r.frequency)}`)]),
    lines: compact([date(s(r.eventDate)), s(r.notes)]),
  }),
  vitalentry: (r, { lang, dateTime }) => ({
    title: `${optionLabel('vitalTypes', s(r.vitalType), lang)}: ${s(r.value)}${r.value2 !== null && r.value2 !== undefined ? `/${s(r.value2)}` : ''} ${optionLabel('vitalUnits', s(r.unit), lang)}`,
    badges: [],
    lines: compact([dateTime(s(r.measuredAt)), s(r.notes)]),
  }),
  ccmmedicalnote: (r, { lang }) => ({
    title: optionLabel('medicalNoteTitles', s(r.title), lang),
    badges: compact([optionLabel('medicalNoteTypes', s(r.noteType), lang), `${s(r.month)}/${s(r.year)}`]),
    lines: compact([s(r.text)]),
  }),
  ccmobservation: (r, { lang, date }) => ({
    title: `${s(r.name)}: ${s(r.value)}${r.unit ? ` ${s(r.unit)}` : ''}`,
    badges: compact([optionLabel('observationCategories', s(r.category), lang), !!r.loincCode && `LOINC ${s(r.loincCode)}`]),
    lines: compact([date(s(r.observedOn)), s(r.notes)]),
  }),
  ccmvaccine: (r, { t, lang, date }) => ({
    title: optionLabel('vaccineNames', s(r.cvxCode), lang),
    badges: compact([`CVX ${s(r.cvxCode)}`, t(`values.${s(r.status)}`), optionLabel('vaccineDoses', s(r.dose), lang)]),
    lines: compact([
      date(s(r.administeredOn)),
      [optionLabel('vaccineManufacturers', s(r.manufacturer), lang), r.lotNumber && t('rows.lot', { lot: s(r.lotNumber) })].filter(Boolean).join(' · '),
      [optionLabel('vaccineSites', s(r.site), lang), optionLabel('vaccineRoutes', s(r.route), lang)].filter(Boolean).join(' · '),
      s(r.notes),
    ]),
  }),
  ccmimaging: (r, { lang, date }) => ({
    title: s(r.description),
    badges: compact([optionLabel('imagingModalities', s(r.modality), lang), optionLabel('imagingBodyParts', s(r.bodyPart), lang)]),
    lines: compact([date(s(r.studyDate)), s(r.findings)]),
  }),
  ccmlab: (r, { t, lang, date }) => ({
    title: `${s(r.testName)}: ${s(r.value)}${r.unit ? ` ${optionLabel('labUnits', s(r.unit), lang)}` : ''}`,
    badges: compact([optionLabel('labPanels', s(r.panel), lang), optionLabel('labInterpretations', s(r.interpretation), lang), r.isCritical === true && t('values.critical')]),
    lines: compact([date(s(r.collectedOn)), !!r.referenceRange && t('rows.range', { range: s(r.referenceRange) }), s(r.notes)]),
  }),
  ccmattachment: (r, { lang, date }) => ({
    title: s(r.title),
    badges: compact([optionLabel('documentTypes', s(r.documentType), lang)]),
    lines: compact([date(s(r.documentDate)), s(r.notes)]),
  }),
  ccmconsentform: (r, { t, lang, date }) => ({
    title: t('rows.consent', { program: s(r.program), type: optionLabel('consentTypes', s(r.consentType), lang), date: date(s(r.consentDate)) }),
    badges: compact([t(`values.${s(r.status)}`), optionLabel('consentMethods', s(r.method), lang)]),
    lines: compact([t('rows.obtainedBy', { name: s(r.obtainedBy) }), r.revokedOn ? t('rows.revokedOn', { date: date(s(r.revokedOn)) }) : '', s(r.notes)]),
  }),
};
