/**
 * Reference values of the verifier domains other than ICD_10_MAIN_CODES (portal-spec.md section 7).
 * `highValue` carries a machine-readable companion where the domain has one; each domain's comment
 * says what it means. Spanish descriptions are ours.
 */
export interface ReferenceValue {
  lowValue: string;
  highValue?: string;
  en: string;
  es: string;
}

/**
 * MENTAL_HEALTH_CATEGORY: validated screening instruments. lowValue is the instrument's code;
 * highValue its maximum total score (PHQ-9 27, GAD-7 21, AUDIT 40; MDQ counts 13 yes items).
 */
const mentalHealthCategories: ReferenceValue[] = [
  { lowValue: 'PHQ9', highValue: '27', en: 'Depression (PHQ-9)', es: 'Depresión (PHQ-9)' },
  { lowValue: 'PHQ2', highValue: '6', en: 'Depression screening (PHQ-2)', es: 'Cribado de depresión (PHQ-2)' },
  { lowValue: 'GAD7', highValue: '21', en: 'Anxiety (GAD-7)', es: 'Ansiedad (GAD-7)' },
  { lowValue: 'AUDIT', highValue: '40', en: 'Alcohol use (AUDIT)', es: 'Consumo de alcohol (AUDIT)' },
  { lowValue: 'AUDITC', highValue: '12', en: 'Alcohol use screening (AUDIT-C)', es: 'Cribado de consumo de alcohol (AUDIT-C)' },
  { lowValue: 'MDQ', highValue: '13', en: 'Bipolar disorder (MDQ)', es: 'Trastorno bipolar (MDQ)' },
  { lowValue: 'PCL5', highValue: '80', en: 'Post-traumatic stress (PCL-5)', es: 'Estrés postraumático (PCL-5)' },
  { lowValue: 'GDS15', highValue: '15', en: 'Geriatric depression (GDS-15)', es: 'Depresión geriátrica (GDS-15)' },
  { lowValue: 'DAST10', highValue: '10', en: 'Drug use (DAST-10)', es: 'Consumo de drogas (DAST-10)' },
];

/**
 * SPECIALIZATION_TYPE: physician specialties. lowValue is the NUCC Health Care Provider Taxonomy
 * code (the code NPPES and FHIR PractitionerRole.specialty use, so imported practitioners map
 * directly; Synthea's practitioners carry 208D00000X).
 */
const specializations: ReferenceValue[] = [
  { lowValue: '207Q00000X', en: 'Family Medicine', es: 'Medicina familiar' },
  { lowValue: '207R00000X', en: 'Internal Medicine', es: 'Medicina interna' },
  { lowValue: '208D00000X', en: 'General Practice', es: 'Medicina general' },
  { lowValue: '207RG0300X', en: 'Geriatric Medicine', es: 'Geriatría' },
  { lowValue: '207RC0000X', en: 'Cardiology (Cardiovascular Disease)', es: 'Cardiología' },
  { lowValue: '207RI0011X', en: 'Interventional Cardiology', es: 'Cardiología intervencionista' },
  { lowValue: '207RC0001X', en: 'Clinical Cardiac Electrophysiology', es: 'Electrofisiología cardíaca clínica' },
  { lowValue: '207RE0101X', en: 'Endocrinology, Diabetes & Metabolism', es: 'Endocrinología, diabetes y metabolismo' },
  { lowValue: '207RN0300X', en: 'Nephrology', es: 'Nefrología' },
  { lowValue: '207RP1001X', en: 'Pulmonology (Pulmonary Disease)', es: 'Neumología' },
  { lowValue: '207RG0100X', en: 'Gastroenterology', es: 'Gastroenterología' },
  { lowValue: '207RR0500X', en: 'Rheumatology', es: 'Reumatología' },
  { lowValue: '207RI0200X', en: 'Infectious Disease', es: 'Enfermedades infecciosas' },
  { lowValue: '207RH0003X', en: 'Hematology & Oncology', es: 'Hematología y oncología' },
  { lowValue: '207RS0012X', en: 'Sleep Medicine', es: 'Medicina del sueño' },
  { lowValue: '207RH0002X', en: 'Hospice and Palliative Medicine', es: 'Medicina paliativa' },
  { lowValue: '2084N0400X', en: 'Neurology', es: 'Neurología' },
  { lowValue: '2084P0800X', en: 'Psychiatry', es: 'Psiquiatría' },
  { lowValue: '208000000X', en: 'Pediatrics', es: 'Pediatría' },
  { lowValue: '207V00000X', en: 'Obstetrics & Gynecology', es: 'Obstetricia y ginecología' },
  { lowValue: '207X00000X', en: 'Orthopaedic Surgery', es: 'Cirugía ortopédica' },
  { lowValue: '207W00000X', en: 'Ophthalmology', es: 'Oftalmología' },
  { lowValue: '207N00000X', en: 'Dermatology', es: 'Dermatología' },
  { lowValue: '208100000X', en: 'Physical Medicine & Rehabilitation', es: 'Medicina física y rehabilitación' },
  { lowValue: '208800000X', en: 'Urology', es: 'Urología' },
  { lowValue: '207P00000X', en: 'Emergency Medicine', es: 'Medicina de urgencias' },
  { lowValue: '208M00000X', en: 'Hospitalist', es: 'Medicina hospitalaria' },
  { lowValue: '207K00000X', en: 'Allergy & Immunology', es: 'Alergia e inmunología' },
];

/** MEDICAL_NOTE_CATEGORY_TYPE: kinds of medical note. highValue names the BILLING_MONITORING_TYPE the note's time counts toward ('' for none). */
const medicalNoteCategories: ReferenceValue[] = [
  { lowValue: 'RPM_DATA_REVIEW', highValue: 'RPM', en: 'RPM data review', es: 'Revisión de datos de RPM' },
  {
    lowValue: 'RPM_INTERACTIVE_COMMUNICATION',
    highValue: 'RPM',
    en: 'RPM interactive communication with the patient',
    es: 'Comunicación interactiva de RPM con el paciente',
  },
  {
    lowValue: 'DEVICE_SETUP_EDUCATION',
    highValue: 'RPM',
    en: 'Device set-up and patient education',
    es: 'Configuración del dispositivo y educación del paciente',
  },
  { lowValue: 'ABNORMAL_READING_FOLLOW_UP', highValue: 'RPM', en: 'Abnormal reading follow-up', es: 'Seguimiento de lectura anormal' },
  { lowValue: 'RTM_DATA_REVIEW', highValue: 'RTM', en: 'RTM data review', es: 'Revisión de datos de RTM' },
  { lowValue: 'CCM_CARE_PLAN', highValue: 'CCM', en: 'CCM care plan', es: 'Plan de cuidados de CCM' },
  { lowValue: 'CCM_CARE_COORDINATION', highValue: 'CCM', en: 'CCM care coordination', es: 'Coordinación de cuidados de CCM' },
  { lowValue: 'PCM_CARE_MANAGEMENT', highValue: 'PCM', en: 'PCM care management', es: 'Gestión de cuidados de PCM' },
  {
    lowValue: 'BHI_CARE_MANAGEMENT',
    highValue: 'BHI',
    en: 'Behavioral health integration care management',
    es: 'Gestión de cuidados de integración de salud conductual',
  },
  { lowValue: 'MEDICATION_RECONCILIATION', en: 'Medication reconciliation', es: 'Conciliación de medicamentos' },
  { lowValue: 'PATIENT_CALL', en: 'Patient call', es: 'Llamada al paciente' },
  { lowValue: 'CAREGIVER_CALL', en: 'Caregiver call', es: 'Llamada al cuidador' },
  { lowValue: 'PROVIDER_COMMUNICATION', en: 'Communication with another provider', es: 'Comunicación con otro profesional sanitario' },
  { lowValue: 'TRANSITION_OF_CARE', en: 'Transition of care follow-up', es: 'Seguimiento de la transición de cuidados' },
  { lowValue: 'ASSESSMENT_REVIEW', en: 'Assessment review', es: 'Revisión de evaluación' },
  { lowValue: 'GENERAL_NOTE', en: 'General note', es: 'Nota general' },
];

/** HEALTH_INSURANCE_PROGRAM: US coverage programs a patient may have. */
const insurancePrograms: ReferenceValue[] = [
  { lowValue: 'MEDICARE', en: 'Medicare (Original Medicare, Parts A and B)', es: 'Medicare (Medicare Original, Partes A y B)' },
  { lowValue: 'MEDICARE_ADVANTAGE', en: 'Medicare Advantage (Part C)', es: 'Medicare Advantage (Parte C)' },
  { lowValue: 'MEDIGAP', en: 'Medicare Supplement (Medigap)', es: 'Seguro suplementario de Medicare (Medigap)' },
  { lowValue: 'MEDICAID', en: 'Medicaid', es: 'Medicaid' },
  { lowValue: 'DUAL_ELIGIBLE', en: 'Dual eligible (Medicare and Medicaid)', es: 'Doble elegibilidad (Medicare y Medicaid)' },
  { lowValue: 'CHIP', en: "Children's Health Insurance Program (CHIP)", es: 'Programa de Seguro Médico para Niños (CHIP)' },
  { lowValue: 'TRICARE', en: 'TRICARE (military health)', es: 'TRICARE (salud militar)' },
  { lowValue: 'VA', en: 'Veterans Affairs (VA) health care', es: 'Atención médica de Asuntos de Veteranos (VA)' },
  { lowValue: 'COMMERCIAL', en: 'Commercial insurance', es: 'Seguro comercial' },
  { lowValue: 'MARKETPLACE', en: 'Health Insurance Marketplace plan', es: 'Plan del Mercado de Seguros Médicos' },
  { lowValue: 'SELF_PAY', en: 'Self-pay', es: 'Pago por cuenta propia' },
  { lowValue: 'OTHER', en: 'Other', es: 'Otro' },
];

/**
 * SURVEY_ANSWER_TYPE: how a survey question is answered. lowValue is the numeric type id;
 * highValue a stable key. Type 4 (a score the system calculates) is left out of the survey-type
 * form options (spec section 5).
 */
const surveyAnswerTypes: ReferenceValue[] = [
  { lowValue: '1', highValue: 'SINGLE_CHOICE', en: 'Single choice', es: 'Opción única' },
  { lowValue: '2', highValue: 'MULTIPLE_CHOICE', en: 'Multiple choice', es: 'Opción múltiple' },
  { lowValue: '3', highValue: 'FREE_TEXT', en: 'Free text', es: 'Texto libre' },
  { lowValue: '4', highValue: 'CALCULATED_SCORE', en: 'Calculated score (set by the system)', es: 'Puntuación calculada (la asigna el sistema)' },
  { lowValue: '5', highValue: 'NUMBER', en: 'Number', es: 'Número' },
  { lowValue: '6', highValue: 'SCALE', en: 'Rating scale', es: 'Escala de valoración' },
  { lowValue: '7', highValue: 'YES_NO', en: 'Yes / No', es: 'Sí / No' },
  { lowValue: '8', highValue: 'DATE', en: 'Date', es: 'Fecha' },
];

/** FILTER_TYPES: date windows of lists and reports. highValue is the number of days back from today ('' for no limit). The notification filter starts at TODAY. */
const filterTypes: ReferenceValue[] = [
  { lowValue: 'TODAY', highValue: '0', en: 'Today', es: 'Hoy' },
  { lowValue: 'YESTERDAY', highValue: '1', en: 'Yesterday', es: 'Ayer' },
  { lowValue: 'WEEK', highValue: '7', en: 'Last 7 days', es: 'Últimos 7 días' },
  { lowValue: 'MONTH', highValue: '30', en: 'Last 30 days', es: 'Últimos 30 días' },
  { lowValue: 'THREE_MONTHS', highValue: '90', en: 'Last 90 days', es: 'Últimos 90 días' },
  { lowValue: 'SIX_MONTHS', highValue: '180', en: 'Last 180 days', es: 'Últimos 180 días' },
  { lowValue: 'YEAR', highValue: '365', en: 'Last 365 days', es: 'Últimos 365 días' },
  { lowValue: 'ALL', highValue: '', en: 'All', es: 'Todo' },
];

/** SURVEY_RECURRENCER_RULE: how often an assigned survey recurs. highValue is the iCalendar RRULE (RFC 5545). */
const surveyRecurrenceRules: ReferenceValue[] = [
  { lowValue: 'ONCE', highValue: 'FREQ=DAILY;COUNT=1', en: 'Once', es: 'Una vez' },
  { lowValue: 'DAILY', highValue: 'FREQ=DAILY', en: 'Daily', es: 'Diariamente' },
  { lowValue: 'WEEKLY', highValue: 'FREQ=WEEKLY', en: 'Weekly', es: 'Semanalmente' },
  { lowValue: 'BIWEEKLY', highValue: 'FREQ=WEEKLY;INTERVAL=2', en: 'Every two weeks', es: 'Cada dos semanas' },
  { lowValue: 'MONTHLY', highValue: 'FREQ=MONTHLY', en: 'Monthly', es: 'Mensualmente' },
  { lowValue: 'QUARTERLY', highValue: 'FREQ=MONTHLY;INTERVAL=3', en: 'Every three months', es: 'Cada tres meses' },
  { lowValue: 'YEARLY', highValue: 'FREQ=YEARLY', en: 'Yearly', es: 'Anualmente' },
];

/**
 * BILLING_MONITORING_TYPE: Medicare care-management programs. highValue lists the program's
 * CPT/HCPCS codes (shared/reference/billing-rules.md, CY2026).
 */
const billingMonitoringTypes: ReferenceValue[] = [
  {
    lowValue: 'RPM',
    highValue: '99453,99454,99445,99470,99457,99458',
    en: 'Remote Patient Monitoring (RPM)',
    es: 'Monitorización remota de pacientes (RPM)',
  },
  {
    lowValue: 'RTM',
    highValue: '98975,98976,98977,98978,98984,98985,98986,98979,98980,98981',
    en: 'Remote Therapeutic Monitoring (RTM)',
    es: 'Monitorización terapéutica remota (RTM)',
  },
  {
    lowValue: 'CCM',
    highValue: '99490,99439,99491,99437,99487,99489',
    en: 'Chronic Care Management (CCM)',
    es: 'Gestión de cuidados crónicos (CCM)',
  },
  { lowValue: 'PCM', highValue: '99424,99425,99426,99427', en: 'Principal Care Management (PCM)', es: 'Gestión de cuidados principales (PCM)' },
  {
    lowValue: 'APCM',
    highValue: 'G0556,G0557,G0558',
    en: 'Advanced Primary Care Management (APCM)',
    es: 'Gestión avanzada de atención primaria (APCM)',
  },
  { lowValue: 'BHI', highValue: '99484,99492,99493,99494', en: 'Behavioral Health Integration (BHI)', es: 'Integración de salud conductual (BHI)' },
  { lowValue: 'CPM', highValue: 'G3002,G3003', en: 'Chronic Pain Management (CPM)', es: 'Manejo del dolor crónico (CPM)' },
];

/** Every domain but ICD_10_MAIN_CODES, in the order values are offered. */
export const referenceValuesByDomain: Record<string, ReferenceValue[]> = {
  MENTAL_HEALTH_CATEGORY: mentalHealthCategories,
  SPECIALIZATION_TYPE: specializations,
  MEDICAL_NOTE_CATEGORY_TYPE: medicalNoteCategories,
  HEALTH_INSURANCE_PROGRAM: insurancePrograms,
  SURVEY_ANSWER_TYPE: surveyAnswerTypes,
  FILTER_TYPES: filterTypes,
  SURVEY_RECURRENCER_RULE: surveyRecurrenceRules,
  BILLING_MONITORING_TYPE: billingMonitoringTypes,
};
