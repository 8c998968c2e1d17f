/**
 * The CCM option and template lists (portal-spec.md section 7 "ccmrecord option and template
 * lists"), seeded from free standard code systems; each list names its system and docs/ccm.md
 * gives the source of every list. SNOMED CT is licensed and not shipped: where a FHIR element
 * would take SNOMED CT, a free system (HL7, ICD-10-CM, LOINC, DICOM) or the product's own code is
 * used. Served by `GET ccmrecord/options/{listName}`; the web's forms read the same data.
 */

/** One choice of a list: its code in `system`, and its display in English and Spanish. */
export interface CcmOption {
  code: string;
  system: string;
  en: string;
  es: string;
}

const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CVX = 'http://hl7.org/fhir/sid/cvx';
const MVX = 'http://terminology.hl7.org/CodeSystem/MVX';
const V2_0163 = 'http://terminology.hl7.org/CodeSystem/v2-0163'; // administrative site
const V2_0078 = 'http://terminology.hl7.org/CodeSystem/v2-0078'; // interpretation codes (abnormal flags)
const V2_0487 = 'http://terminology.hl7.org/CodeSystem/v2-0487'; // specimen type
const V2_0443 = 'http://terminology.hl7.org/CodeSystem/v2-0443'; // provider role
const FDA_ROUTE = 'http://ncimeta.nci.nih.gov'; // FDA Route of Administration (NCI thesaurus codes)
const DCM = 'http://dicom.nema.org/resources/ontology/DCM'; // DICOM CID 29 modality
const DICOM_BODY = 'http://dicom.nema.org/medical/dicom/current/output/chtml/part16/chapter_L.html'; // DICOM body part examined
const OBS_CAT = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CAREPLAN_CAT = 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category';
const REQ_STATUS = 'http://hl7.org/fhir/request-status';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentcategorycodes';
const DX_ROLE = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';
const VIGIL = 'urn:vigil:ccm'; // the product's own codes (no standard system names these)
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

const o = (system: string, code: string, en: string, es: string): CcmOption => ({ code, system, en, es });

export const ccmOptionLists = {
  /** Chronic condition templates: ICD-10-CM codes of the common CCM conditions (CMS chronic condition list). */
  conditionTemplates: [
    o(ICD10, 'E11.9', 'Type 2 diabetes mellitus without complications', 'Diabetes mellitus tipo 2 sin complicaciones'),
    o(ICD10, 'I10', 'Essential (primary) hypertension', 'Hipertensión esencial (primaria)'),
    o(ICD10, 'I50.9', 'Heart failure, unspecified', 'Insuficiencia cardíaca, no especificada'),
    o(ICD10, 'J44.9', 'Chronic obstructive pulmonary disease, unspecified', 'Enfermedad pulmonar obstructiva crónica, no especificada'),
    o(ICD10, 'J45.909', 'Unspecified asthma, uncomplicated', 'Asma no especificada, sin complicaciones'),
    o(ICD10, 'N18.3', 'Chronic kidney disease, stage 3', 'Enfermedad renal crónica, estadio 3'),
    o(ICD10, 'I25.10', 'Atherosclerotic heart disease of native coronary artery', 'Enfermedad cardíaca aterosclerótica de arteria coronaria nativa'),
    o(ICD10, 'I48.91', 'Unspecified atrial fibrillation', 'Fibrilación auricular no especificada'),
    o(ICD10, 'E78.5', 'Hyperlipidemia, unspecified', 'Hiperlipidemia, no especificada'),
    o(ICD10, 'F32.9', 'Major depressive disorder, single episode, unspecified', 'Trastorno depresivo mayor, episodio único, no especificado'),
    o(ICD10, 'M17.9', 'Osteoarthritis of knee, unspecified', 'Artrosis de rodilla, no especificada'),
    o(ICD10, 'G30.9', "Alzheimer's disease, unspecified", 'Enfermedad de Alzheimer, no especificada'),
    o(ICD10, 'E66.9', 'Obesity, unspecified', 'Obesidad, no especificada'),
  ],
  /** Care plan types: US Core CarePlan category. */
  carePlanTypes: [
    o(CAREPLAN_CAT, 'assess-plan', 'Assessment and plan of treatment', 'Evaluación y plan de tratamiento'),
    o(VIGIL, 'comprehensive', 'Comprehensive care plan (CCM)', 'Plan de cuidados integral (CCM)'),
    o(VIGIL, 'disease-specific', 'Disease-specific care plan (PCM)', 'Plan de cuidados específico de la enfermedad (PCM)'),
  ],
  /** Care plan statuses: FHIR R4 RequestStatus. */
  carePlanStatuses: [
    o(REQ_STATUS, 'draft', 'Draft', 'Borrador'),
    o(REQ_STATUS, 'active', 'Active', 'Activo'),
    o(REQ_STATUS, 'on-hold', 'On hold', 'En espera'),
    o(REQ_STATUS, 'revoked', 'Revoked', 'Revocado'),
    o(REQ_STATUS, 'completed', 'Completed', 'Completado'),
  ],
  /** Social determinants of health: ICD-10-CM Z55-Z65 categories. */
  socialDeterminants: [
    o(ICD10, 'Z55.9', 'Problems related to education and literacy', 'Problemas relacionados con la educación y la alfabetización'),
    o(ICD10, 'Z56.0', 'Unemployment, unspecified', 'Desempleo, no especificado'),
    o(ICD10, 'Z57.9', 'Occupational exposure to unspecified risk factor', 'Exposición ocupacional a factor de riesgo no especificado'),
    o(ICD10, 'Z58.6', 'Inadequate drinking-water supply', 'Suministro inadecuado de agua potable'),
    o(ICD10, 'Z59.00', 'Homelessness, unspecified', 'Falta de vivienda, no especificada'),
    o(ICD10, 'Z59.41', 'Food insecurity', 'Inseguridad alimentaria'),
    o(ICD10, 'Z59.82', 'Transportation insecurity', 'Inseguridad en el transporte'),
    o(ICD10, 'Z59.86', 'Financial insecurity', 'Inseguridad financiera'),
    o(ICD10, 'Z60.2', 'Problems related to living alone', 'Problemas relacionados con vivir solo'),
    o(ICD10, 'Z62.9', 'Problem related to upbringing, unspecified', 'Problema relacionado con la crianza, no especificado'),
    o(ICD10, 'Z63.9', 'Problem related to primary support group, unspecified', 'Problema relacionado con el grupo de apoyo primario, no especificado'),
    o(ICD10, 'Z64.0', 'Problems related to unwanted pregnancy', 'Problemas relacionados con un embarazo no deseado'),
    o(ICD10, 'Z65.9', 'Problem related to unspecified psychosocial circumstances', 'Problema relacionado con circunstancias psicosociales no especificadas'),
  ],
  /** Medical decision making levels (AMA CPT E/M guidelines); moderate or high qualifies complex CCM. */
  complexDecisionMaking: [
    o(VIGIL, 'STRAIGHTFORWARD', 'Straightforward', 'Directa'),
    o(VIGIL, 'LOW', 'Low', 'Baja'),
    o(VIGIL, 'MODERATE', 'Moderate', 'Moderada'),
    o(VIGIL, 'HIGH', 'High', 'Alta'),
  ],
  /** Functional status: the product's levels of independence in the activities of daily living (Katz ADL). */
  functionalStatus: [
    o(VIGIL, 'INDEPENDENT', 'Independent in activities of daily living', 'Independiente en las actividades de la vida diaria'),
    o(VIGIL, 'NEEDS_SOME_HELP', 'Needs help with some activities', 'Necesita ayuda con algunas actividades'),
    o(VIGIL, 'NEEDS_MUCH_HELP', 'Needs help with most activities', 'Necesita ayuda con la mayoría de las actividades'),
    o(VIGIL, 'DEPENDENT', 'Dependent in activities of daily living', 'Dependiente en las actividades de la vida diaria'),
  ],
  /** Diagnosis types: FHIR R4 diagnosis-role. */
  diagnosisTypes: [
    o(DX_ROLE, 'CC', 'Chief complaint', 'Motivo principal de consulta'),
    o(DX_ROLE, 'CM', 'Comorbidity diagnosis', 'Diagnóstico de comorbilidad'),
    o(DX_ROLE, 'billing', 'Billing', 'Facturación'),
    o(DX_ROLE, 'AD', 'Admission diagnosis', 'Diagnóstico de ingreso'),
    o(DX_ROLE, 'DD', 'Discharge diagnosis', 'Diagnóstico de alta'),
  ],
  /** Medication frequencies: portal-spec.md section 9. */
  medicationFrequencies: [
    o(VIGIL, 'ONCE_DAILY', 'Once per day', 'Una vez al día'),
    o(VIGIL, 'TWICE_DAILY', 'Twice per day', 'Dos veces al día'),
    o(VIGIL, 'THREE_TIMES_DAILY', 'Three times per day', 'Tres veces al día'),
    o(VIGIL, 'FOUR_TIMES_DAILY', 'Four times per day', 'Cuatro veces al día'),
    o(VIGIL, 'WEEKLY', 'Weekly', 'Semanal'),
    o(VIGIL, 'MONTHLY', 'Monthly', 'Mensual'),
  ],
  /** Medication event types: the product's list after FHIR MedicationStatement status changes. */
  medicationEventTypes: [
    o(VIGIL, 'STARTED', 'Started', 'Iniciado'),
    o(VIGIL, 'DOSE_CHANGED', 'Dose changed', 'Dosis cambiada'),
    o(VIGIL, 'HELD', 'Held', 'Suspendido temporalmente'),
    o(VIGIL, 'RESUMED', 'Resumed', 'Reanudado'),
    o(VIGIL, 'STOPPED', 'Stopped', 'Suspendido'),
    o(VIGIL, 'REFILLED', 'Refilled', 'Resurtido'),
    o(VIGIL, 'RECONCILED', 'Reconciled', 'Conciliado'),
    o(VIGIL, 'ADVERSE_EFFECT', 'Adverse effect', 'Efecto adverso'),
  ],
  /** Condition severity: FHIR R4 condition severity levels (product codes; the FHIR binding is SNOMED CT). */
  conditionSeverity: [
    o(VIGIL, 'MILD', 'Mild', 'Leve'),
    o(VIGIL, 'MODERATE', 'Moderate', 'Moderada'),
    o(VIGIL, 'SEVERE', 'Severe', 'Grave'),
  ],
  /** Condition history: portal-spec.md section 3 (improving, worsening, resolved, recurs, and others). */
  conditionHistory: [
    o(VIGIL, 'IMPROVING', 'Improving', 'Mejorando'),
    o(VIGIL, 'STABLE', 'Stable', 'Estable'),
    o(VIGIL, 'WORSENING', 'Worsening', 'Empeorando'),
    o(VIGIL, 'RESOLVED', 'Resolved', 'Resuelta'),
    o(VIGIL, 'RECURS', 'Recurs', 'Recurrente'),
    o(VIGIL, 'UNKNOWN', 'Unknown', 'Desconocido'),
  ],
  /** Allergens: RxNorm ingredients of common drug allergies and common food and environment allergens (FDA major food allergens). */
  allergens: [
    o(RXNORM, '7980', 'Penicillin G', 'Penicilina G'),
    o(RXNORM, '723', 'Amoxicillin', 'Amoxicilina'),
    o(RXNORM, '10180', 'Sulfamethoxazole', 'Sulfametoxazol'),
    o(RXNORM, '1191', 'Aspirin', 'Aspirina'),
    o(RXNORM, '5640', 'Ibuprofen', 'Ibuprofeno'),
    o(RXNORM, '2551', 'Ciprofloxacin', 'Ciprofloxacino'),
    o(RXNORM, '7052', 'Morphine', 'Morfina'),
    o(VIGIL, 'FOOD_PEANUT', 'Peanut', 'Cacahuate'),
    o(VIGIL, 'FOOD_TREE_NUT', 'Tree nuts', 'Frutos secos'),
    o(VIGIL, 'FOOD_MILK', 'Milk', 'Leche'),
    o(VIGIL, 'FOOD_EGG', 'Egg', 'Huevo'),
    o(VIGIL, 'FOOD_SHELLFISH', 'Shellfish', 'Mariscos'),
    o(VIGIL, 'FOOD_WHEAT', 'Wheat', 'Trigo'),
    o(VIGIL, 'FOOD_SOY', 'Soy', 'Soja'),
    o(VIGIL, 'FOOD_SESAME', 'Sesame', 'Sésamo'),
    o(VIGIL, 'ENV_LATEX', 'Latex', 'Látex'),
    o(VIGIL, 'ENV_POLLEN', 'Pollen', 'Polen'),
    o(VIGIL, 'ENV_DUST_MITE', 'Dust mites', 'Ácaros del polvo'),
    o(VIGIL, 'ENV_BEE_VENOM', 'Bee venom', 'Veneno de abeja'),
  ],
  /** Reactions: the product's list of common allergic reactions. */
  reactions: [
    o(VIGIL, 'HIVES', 'Hives', 'Urticaria'),
    o(VIGIL, 'RASH', 'Rash', 'Erupción'),
    o(VIGIL, 'ITCHING', 'Itching', 'Picazón'),
    o(VIGIL, 'SWELLING', 'Swelling', 'Hinchazón'),
    o(VIGIL, 'WHEEZING', 'Wheezing', 'Sibilancias'),
    o(VIGIL, 'NAUSEA', 'Nausea or vomiting', 'Náuseas o vómitos'),
    o(VIGIL, 'ANAPHYLAXIS', 'Anaphylaxis', 'Anafilaxia'),
  ],
  /** Medical note titles: the product's CCM note titles. */
  medicalNoteTitles: [
    o(VIGIL, 'MONTHLY_REVIEW', 'Monthly CCM review', 'Revisión mensual de CCM'),
    o(VIGIL, 'CARE_PLAN_REVIEW', 'Care plan review', 'Revisión del plan de cuidados'),
    o(VIGIL, 'MEDICATION_RECONCILIATION', 'Medication reconciliation', 'Conciliación de medicamentos'),
    o(VIGIL, 'TRANSITION_OF_CARE', 'Transition of care', 'Transición de cuidados'),
  ],
  /** Medical note types: LOINC document type codes of clinical notes. */
  medicalNoteTypes: [
    o(LOINC, '11506-3', 'Progress note', 'Nota de evolución'),
    o(LOINC, '34109-9', 'Note', 'Nota'),
    o(LOINC, '18776-5', 'Plan of care note', 'Nota del plan de cuidados'),
    o(LOINC, '34133-9', 'Summary of episode note', 'Resumen del episodio'),
  ],
  /** Vital types: LOINC codes of the vital signs panel (85353-1) that a manual measurement stores (measurement-types.ts). */
  vitalTypes: [
    o(LOINC, '85354-9', 'Blood pressure', 'Presión arterial'),
    o(LOINC, '29463-7', 'Body weight', 'Peso corporal'),
    o(LOINC, '8310-5', 'Body temperature', 'Temperatura corporal'),
    o(LOINC, '59408-5', 'Oxygen saturation', 'Saturación de oxígeno'),
    o(LOINC, '2339-0', 'Blood glucose', 'Glucosa en sangre'),
  ],
  /** Vital units: UCUM. */
  vitalUnits: [
    o(UCUM, 'mm[Hg]', 'mmHg', 'mmHg'),
    o(UCUM, 'Cel', '°C', '°C'),
    o(UCUM, '[degF]', '°F', '°F'),
    o(UCUM, 'kg', 'kg', 'kg'),
    o(UCUM, '[lb_av]', 'lb', 'lb'),
    o(UCUM, '%', '%', '%'),
    o(UCUM, 'mg/dL', 'mg/dL', 'mg/dL'),
  ],
  /** Observation categories: HL7 observation-category. */
  observationCategories: [
    o(OBS_CAT, 'social-history', 'Social history', 'Historia social'),
    o(OBS_CAT, 'vital-signs', 'Vital signs', 'Signos vitales'),
    o(OBS_CAT, 'laboratory', 'Laboratory', 'Laboratorio'),
    o(OBS_CAT, 'exam', 'Exam', 'Exploración'),
    o(OBS_CAT, 'survey', 'Survey', 'Encuesta'),
    o(OBS_CAT, 'activity', 'Activity', 'Actividad'),
    o(OBS_CAT, 'therapy', 'Therapy', 'Terapia'),
  ],
  /** Medical roles of the care team: HL7 v2 table 0443 provider role. */
  medicalRoles: [
    o(V2_0443, 'PP', 'Primary care provider', 'Proveedor de atención primaria'),
    o(V2_0443, 'CP', 'Consulting provider', 'Proveedor consultor'),
    o(V2_0443, 'RP', 'Referring provider', 'Proveedor que refiere'),
    o(V2_0443, 'NP', 'Nurse practitioner', 'Enfermero practicante'),
    o(V2_0443, 'MDIR', 'Medical director', 'Director médico'),
    o(VIGIL, 'CARE_MANAGER', 'Care manager', 'Gestor de cuidados'),
    o(VIGIL, 'CAREGIVER', 'Caregiver', 'Cuidador'),
  ],
  /** Vaccine names: CDC CVX codes. */
  vaccineNames: [
    o(CVX, '141', 'Influenza, seasonal, injectable', 'Influenza, estacional, inyectable'),
    o(CVX, '150', 'Influenza, injectable, quadrivalent, preservative free', 'Influenza, inyectable, tetravalente, sin conservantes'),
    o(CVX, '33', 'Pneumococcal polysaccharide PPV23', 'Neumocócica polisacárida PPV23'),
    o(CVX, '216', 'Pneumococcal conjugate PCV20', 'Neumocócica conjugada PCV20'),
    o(CVX, '187', 'Zoster vaccine recombinant', 'Vacuna recombinante contra el herpes zóster'),
    o(CVX, '115', 'Tdap', 'Tdap'),
    o(CVX, '43', 'Hepatitis B, adult', 'Hepatitis B, adulto'),
    o(CVX, '208', 'COVID-19, mRNA, 30 mcg/0.3 mL', 'COVID-19, ARNm, 30 mcg/0,3 mL'),
    o(CVX, '305', 'RSV, bivalent, protein subunit RSVpreF', 'VRS, bivalente, subunidad proteica RSVpreF'),
  ],
  /** Vaccine administration sites: HL7 v2 table 0163. */
  vaccineSites: [
    o(V2_0163, 'LA', 'Left arm', 'Brazo izquierdo'),
    o(V2_0163, 'RA', 'Right arm', 'Brazo derecho'),
    o(V2_0163, 'LD', 'Left deltoid', 'Deltoides izquierdo'),
    o(V2_0163, 'RD', 'Right deltoid', 'Deltoides derecho'),
    o(V2_0163, 'LT', 'Left thigh', 'Muslo izquierdo'),
    o(V2_0163, 'RT', 'Right thigh', 'Muslo derecho'),
  ],
  /** Vaccine routes: FDA Route of Administration (NCI thesaurus codes). */
  vaccineRoutes: [
    o(FDA_ROUTE, 'C28161', 'Intramuscular', 'Intramuscular'),
    o(FDA_ROUTE, 'C38299', 'Subcutaneous', 'Subcutánea'),
    o(FDA_ROUTE, 'C38238', 'Intradermal', 'Intradérmica'),
    o(FDA_ROUTE, 'C38284', 'Nasal', 'Nasal'),
    o(FDA_ROUTE, 'C38288', 'Oral', 'Oral'),
  ],
  /** Vaccine doses: dose number in the series. */
  vaccineDoses: [
    o(VIGIL, '1', 'Dose 1', 'Dosis 1'),
    o(VIGIL, '2', 'Dose 2', 'Dosis 2'),
    o(VIGIL, '3', 'Dose 3', 'Dosis 3'),
    o(VIGIL, 'BOOSTER', 'Booster', 'Refuerzo'),
    o(VIGIL, 'ANNUAL', 'Annual dose', 'Dosis anual'),
  ],
  /** Vaccine manufacturers: CDC MVX codes. */
  vaccineManufacturers: [
    o(MVX, 'PFR', 'Pfizer, Inc', 'Pfizer, Inc'),
    o(MVX, 'MOD', 'Moderna US, Inc.', 'Moderna US, Inc.'),
    o(MVX, 'SKB', 'GlaxoSmithKline', 'GlaxoSmithKline'),
    o(MVX, 'PMC', 'Sanofi Pasteur', 'Sanofi Pasteur'),
    o(MVX, 'MSD', 'Merck and Co., Inc.', 'Merck and Co., Inc.'),
    o(MVX, 'SEQ', 'Seqirus', 'Seqirus'),
  ],
  /** Imaging modalities: DICOM CID 29 acquisition modality. */
  imagingModalities: [
    o(DCM, 'CR', 'Computed radiography', 'Radiografía computarizada'),
    o(DCM, 'DX', 'Digital radiography', 'Radiografía digital'),
    o(DCM, 'CT', 'Computed tomography', 'Tomografía computarizada'),
    o(DCM, 'MR', 'Magnetic resonance', 'Resonancia magnética'),
    o(DCM, 'US', 'Ultrasound', 'Ecografía'),
    o(DCM, 'MG', 'Mammography', 'Mamografía'),
    o(DCM, 'NM', 'Nuclear medicine', 'Medicina nuclear'),
    o(DCM, 'PT', 'Positron emission tomography', 'Tomografía por emisión de positrones'),
    o(DCM, 'ECG', 'Electrocardiography', 'Electrocardiografía'),
  ],
  /** Imaging body parts: DICOM body part examined (PS3.16 annex L). */
  imagingBodyParts: [
    o(DICOM_BODY, 'CHEST', 'Chest', 'Tórax'),
    o(DICOM_BODY, 'ABDOMEN', 'Abdomen', 'Abdomen'),
    o(DICOM_BODY, 'HEAD', 'Head', 'Cabeza'),
    o(DICOM_BODY, 'HEART', 'Heart', 'Corazón'),
    o(DICOM_BODY, 'KNEE', 'Knee', 'Rodilla'),
    o(DICOM_BODY, 'LSPINE', 'Lumbar spine', 'Columna lumbar'),
    o(DICOM_BODY, 'BREAST', 'Breast', 'Mama'),
    o(DICOM_BODY, 'KIDNEY', 'Kidney', 'Riñón'),
  ],
  /** Lab panels: LOINC. */
  labPanels: [
    o(LOINC, '24323-8', 'Comprehensive metabolic panel', 'Panel metabólico completo'),
    o(LOINC, '51990-0', 'Basic metabolic panel', 'Panel metabólico básico'),
    o(LOINC, '58410-2', 'Complete blood count (CBC) panel', 'Hemograma completo'),
    o(LOINC, '57698-3', 'Lipid panel', 'Perfil lipídico'),
    o(LOINC, '4548-4', 'Hemoglobin A1c', 'Hemoglobina A1c'),
    o(LOINC, '24357-6', 'Urinalysis macro panel', 'Panel de análisis de orina'),
    o(LOINC, '3016-3', 'TSH', 'TSH'),
  ],
  /** Lab specimens: HL7 v2 table 0487 specimen type. */
  labSpecimens: [
    o(V2_0487, 'BLD', 'Whole blood', 'Sangre total'),
    o(V2_0487, 'SER', 'Serum', 'Suero'),
    o(V2_0487, 'PLAS', 'Plasma', 'Plasma'),
    o(V2_0487, 'UR', 'Urine', 'Orina'),
    o(V2_0487, 'SAL', 'Saliva', 'Saliva'),
  ],
  /** Lab interpretations: HL7 v2 table 0078 (FHIR ObservationInterpretation). */
  labInterpretations: [
    o(V2_0078, 'N', 'Normal', 'Normal'),
    o(V2_0078, 'L', 'Low', 'Bajo'),
    o(V2_0078, 'H', 'High', 'Alto'),
    o(V2_0078, 'LL', 'Critical low', 'Críticamente bajo'),
    o(V2_0078, 'HH', 'Critical high', 'Críticamente alto'),
    o(V2_0078, 'A', 'Abnormal', 'Anormal'),
    o(V2_0078, 'AA', 'Critical abnormal', 'Críticamente anormal'),
  ],
  /** Lab units: UCUM. */
  labUnits: [
    o(UCUM, 'mg/dL', 'mg/dL', 'mg/dL'),
    o(UCUM, 'mmol/L', 'mmol/L', 'mmol/L'),
    o(UCUM, 'g/dL', 'g/dL', 'g/dL'),
    o(UCUM, '%', '%', '%'),
    o(UCUM, '10*3/uL', '10³/µL', '10³/µL'),
    o(UCUM, 'm[IU]/L', 'mIU/L', 'mUI/L'),
    o(UCUM, 'mL/min/{1.73_m2}', 'mL/min/1.73 m²', 'mL/min/1,73 m²'),
  ],
  /** Lab critical flags: HL7 v2 table 0078 abnormal flags that are critical. */
  labCriticalFlags: [
    o(V2_0078, 'LL', 'Critical low', 'Críticamente bajo'),
    o(V2_0078, 'HH', 'Critical high', 'Críticamente alto'),
    o(V2_0078, 'AA', 'Critical abnormal', 'Críticamente anormal'),
  ],
  /** Lab sources: where a result came from. */
  labSources: [
    o(VIGIL, 'IN_HOUSE', 'In-house laboratory', 'Laboratorio propio'),
    o(VIGIL, 'REFERENCE_LAB', 'Reference laboratory', 'Laboratorio de referencia'),
    o(VIGIL, 'HOSPITAL', 'Hospital', 'Hospital'),
    o(VIGIL, 'PATIENT_REPORTED', 'Patient reported', 'Informado por el paciente'),
  ],
  /** Document types: LOINC document ontology. */
  documentTypes: [
    o(LOINC, '59284-0', 'Patient consent', 'Consentimiento del paciente'),
    o(LOINC, '18842-5', 'Discharge summary', 'Resumen de alta'),
    o(LOINC, '11488-4', 'Consult note', 'Nota de interconsulta'),
    o(LOINC, '18748-4', 'Diagnostic imaging study', 'Estudio de diagnóstico por imagen'),
    o(LOINC, '11502-2', 'Laboratory report', 'Informe de laboratorio'),
    o(LOINC, '51851-4', 'Administrative note', 'Nota administrativa'),
    o(LOINC, '64290-0', 'Insurance card', 'Tarjeta del seguro'),
  ],
  /** Consent types: verbal or written (CMS CCM consent rule). */
  consentTypes: [
    o(VIGIL, 'VERBAL', 'Verbal', 'Verbal'),
    o(VIGIL, 'WRITTEN', 'Written', 'Escrito'),
  ],
  /** Consent methods: how consent was obtained. */
  consentMethods: [
    o(VIGIL, 'IN_PERSON', 'In person', 'En persona'),
    o(VIGIL, 'PHONE', 'By phone', 'Por teléfono'),
    o(VIGIL, 'VIDEO', 'By video', 'Por vídeo'),
    o(VIGIL, 'PORTAL', 'Patient portal', 'Portal del paciente'),
    o(VIGIL, 'MAIL', 'By mail', 'Por correo'),
  ],
  /** Consent programs: the care-management programs that need consent before billing (FHIR Consent category). */
  consentPrograms: [
    o(CONSENT_SCOPE, 'CCM', 'Chronic care management', 'Gestión de cuidados crónicos'),
    o(CONSENT_SCOPE, 'PCM', 'Principal care management', 'Gestión de cuidados principales'),
    o(CONSENT_SCOPE, 'APCM', 'Advanced primary care management', 'Gestión avanzada de atención primaria'),
  ],
} as const satisfies Record<string, readonly CcmOption[]>;

export type CcmOptionListName = keyof typeof ccmOptionLists;
export const ccmOptionListNames = Object.keys(ccmOptionLists) as [CcmOptionListName, ...CcmOptionListName[]];

/** The codes of one list, as a tuple for `z.enum`. */
export function optionCodes<N extends CcmOptionListName>(name: N): [(typeof ccmOptionLists)[N][number]['code'], ...(typeof ccmOptionLists)[N][number]['code'][]] {
  return ccmOptionLists[name].map((x) => x.code) as never;
}
