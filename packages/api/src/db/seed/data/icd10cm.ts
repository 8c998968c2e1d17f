/**
 * ICD-10-CM for the ICD_10_MAIN_CODES verifier domain: the 22 chapters of the CMS/NCHS tabular
 * list (lowValue = the chapter's code range) and, under each, the three-character categories that
 * remote-monitoring (RPM/RTM) and care-management (CCM/PCM/BHI) programs meet most: hypertension,
 * heart failure, diabetes, COPD and asthma, CKD, obesity, lipid disorders, arrhythmia, depression
 * and anxiety, dementia, and the Z codes of BMI, long-term drug therapy and social risk.
 *
 * This is a curated subset, not the whole code set (about 1,900 categories): no maintained npm
 * package shipping the ICD-10-CM tables was usable here. English titles are the official category
 * titles of the ICD-10-CM tabular list (FY2025 wording; the non-billable category titles were
 * checked against a CSV derived from the CMS code files). ICD-10-CM has no official Spanish
 * edition: the Spanish titles are our translation, in the wording of the Spanish CIE-10 where the
 * WHO category is the same.
 */
export interface IcdCategory {
  code: string;
  en: string;
  es: string;
}

export interface IcdChapter {
  /** Chapter number, 1-22. */
  chapter: number;
  /** First and last category of the chapter, "A00-B99". */
  range: string;
  en: string;
  es: string;
  categories: IcdCategory[];
}

const c = (code: string, en: string, es: string): IcdCategory => ({ code, en, es });

export const icd10cmChapters: IcdChapter[] = [
  {
    chapter: 1,
    range: 'A00-B99',
    en: 'Certain infectious and parasitic diseases',
    es: 'Ciertas enfermedades infecciosas y parasitarias',
    categories: [
      c('B18', 'Chronic viral hepatitis', 'Hepatitis viral crónica'),
      c('B20', 'Human immunodeficiency virus [HIV] disease', 'Enfermedad por virus de la inmunodeficiencia humana [VIH]'),
    ],
  },
  {
    chapter: 2,
    range: 'C00-D49',
    en: 'Neoplasms',
    es: 'Neoplasias',
    categories: [
      c('C18', 'Malignant neoplasm of colon', 'Neoplasia maligna del colon'),
      c('C34', 'Malignant neoplasm of bronchus and lung', 'Neoplasia maligna de los bronquios y del pulmón'),
      c('C50', 'Malignant neoplasm of breast', 'Neoplasia maligna de la mama'),
      c('C61', 'Malignant neoplasm of prostate', 'Neoplasia maligna de la próstata'),
    ],
  },
  {
    chapter: 3,
    range: 'D50-D89',
    en: 'Diseases of the blood and blood-forming organs and certain disorders involving the immune mechanism',
    es: 'Enfermedades de la sangre y de los órganos hematopoyéticos y ciertos trastornos que afectan el mecanismo de la inmunidad',
    categories: [
      c('D50', 'Iron deficiency anemia', 'Anemia por deficiencia de hierro'),
      c('D63', 'Anemia in chronic diseases classified elsewhere', 'Anemia en enfermedades crónicas clasificadas en otra parte'),
      c('D64', 'Other anemias', 'Otras anemias'),
      c('D68', 'Other coagulation defects', 'Otros defectos de la coagulación'),
    ],
  },
  {
    chapter: 4,
    range: 'E00-E89',
    en: 'Endocrine, nutritional and metabolic diseases',
    es: 'Enfermedades endocrinas, nutricionales y metabólicas',
    categories: [
      c('E03', 'Other hypothyroidism', 'Otros hipotiroidismos'),
      c('E05', 'Thyrotoxicosis [hyperthyroidism]', 'Tirotoxicosis [hipertiroidismo]'),
      c('E06', 'Thyroiditis', 'Tiroiditis'),
      c('E08', 'Diabetes mellitus due to underlying condition', 'Diabetes mellitus debida a una afección subyacente'),
      c('E09', 'Drug or chemical induced diabetes mellitus', 'Diabetes mellitus inducida por fármacos o sustancias químicas'),
      c('E10', 'Type 1 diabetes mellitus', 'Diabetes mellitus tipo 1'),
      c('E11', 'Type 2 diabetes mellitus', 'Diabetes mellitus tipo 2'),
      c('E13', 'Other specified diabetes mellitus', 'Otra diabetes mellitus especificada'),
      c('E16', 'Other disorders of pancreatic internal secretion', 'Otros trastornos de la secreción interna del páncreas'),
      c('E55', 'Vitamin D deficiency', 'Deficiencia de vitamina D'),
      c('E66', 'Overweight and obesity', 'Sobrepeso y obesidad'),
      c('E78', 'Disorders of lipoprotein metabolism and other lipidemias', 'Trastornos del metabolismo de las lipoproteínas y otras lipidemias'),
      c('E86', 'Volume depletion', 'Depleción de volumen'),
      c(
        'E87',
        'Other disorders of fluid, electrolyte and acid-base balance',
        'Otros trastornos de los líquidos, de los electrolitos y del equilibrio ácido-base',
      ),
    ],
  },
  {
    chapter: 5,
    range: 'F01-F99',
    en: 'Mental, Behavioral and Neurodevelopmental disorders',
    es: 'Trastornos mentales, del comportamiento y del neurodesarrollo',
    categories: [
      c('F01', 'Vascular dementia', 'Demencia vascular'),
      c('F02', 'Dementia in other diseases classified elsewhere', 'Demencia en otras enfermedades clasificadas en otra parte'),
      c('F03', 'Unspecified dementia', 'Demencia no especificada'),
      c('F10', 'Alcohol related disorders', 'Trastornos relacionados con el alcohol'),
      c('F11', 'Opioid related disorders', 'Trastornos relacionados con opioides'),
      c('F17', 'Nicotine dependence', 'Dependencia de la nicotina'),
      c('F20', 'Schizophrenia', 'Esquizofrenia'),
      c('F31', 'Bipolar disorder', 'Trastorno bipolar'),
      c('F32', 'Major depressive disorder, single episode', 'Trastorno depresivo mayor, episodio único'),
      c('F33', 'Major depressive disorder, recurrent', 'Trastorno depresivo mayor, recurrente'),
      c('F34', 'Persistent mood [affective] disorders', 'Trastornos persistentes del estado de ánimo [afectivos]'),
      c('F41', 'Other anxiety disorders', 'Otros trastornos de ansiedad'),
      c('F43', 'Reaction to severe stress, and adjustment disorders', 'Reacción al estrés grave y trastornos de adaptación'),
      c('F90', 'Attention-deficit hyperactivity disorders', 'Trastornos por déficit de atención con hiperactividad'),
    ],
  },
  {
    chapter: 6,
    range: 'G00-G99',
    en: 'Diseases of the nervous system',
    es: 'Enfermedades del sistema nervioso',
    categories: [
      c('G20', "Parkinson's disease", 'Enfermedad de Parkinson'),
      c('G30', "Alzheimer's disease", 'Enfermedad de Alzheimer'),
      c('G35', 'Multiple sclerosis', 'Esclerosis múltiple'),
      c('G40', 'Epilepsy and recurrent seizures', 'Epilepsia y crisis convulsivas recurrentes'),
      c('G43', 'Migraine', 'Migraña'),
      c('G47', 'Sleep disorders', 'Trastornos del sueño'),
      c('G62', 'Other and unspecified polyneuropathies', 'Otras polineuropatías y las no especificadas'),
      c('G89', 'Pain, not elsewhere classified', 'Dolor, no clasificado en otra parte'),
    ],
  },
  {
    chapter: 7,
    range: 'H00-H59',
    en: 'Diseases of the eye and adnexa',
    es: 'Enfermedades del ojo y sus anexos',
    categories: [
      c('H25', 'Age-related cataract', 'Catarata relacionada con la edad'),
      c('H35', 'Other retinal disorders', 'Otros trastornos de la retina'),
      c('H40', 'Glaucoma', 'Glaucoma'),
      c('H54', 'Blindness and low vision', 'Ceguera y baja visión'),
    ],
  },
  {
    chapter: 8,
    range: 'H60-H95',
    en: 'Diseases of the ear and mastoid process',
    es: 'Enfermedades del oído y de la apófisis mastoides',
    categories: [
      c('H81', 'Disorders of vestibular function', 'Trastornos de la función vestibular'),
      c('H90', 'Conductive and sensorineural hearing loss', 'Hipoacusia conductiva y neurosensorial'),
      c('H91', 'Other and unspecified hearing loss', 'Otras hipoacusias y las no especificadas'),
    ],
  },
  {
    chapter: 9,
    range: 'I00-I99',
    en: 'Diseases of the circulatory system',
    es: 'Enfermedades del sistema circulatorio',
    categories: [
      c('I10', 'Essential (primary) hypertension', 'Hipertensión esencial (primaria)'),
      c('I11', 'Hypertensive heart disease', 'Cardiopatía hipertensiva'),
      c('I12', 'Hypertensive chronic kidney disease', 'Enfermedad renal crónica hipertensiva'),
      c('I13', 'Hypertensive heart and chronic kidney disease', 'Cardiopatía y enfermedad renal crónica hipertensivas'),
      c('I15', 'Secondary hypertension', 'Hipertensión secundaria'),
      c('I16', 'Hypertensive crisis', 'Crisis hipertensiva'),
      c('I20', 'Angina pectoris', 'Angina de pecho'),
      c('I21', 'Acute myocardial infarction', 'Infarto agudo de miocardio'),
      c('I25', 'Chronic ischemic heart disease', 'Cardiopatía isquémica crónica'),
      c('I26', 'Pulmonary embolism', 'Embolia pulmonar'),
      c('I27', 'Other pulmonary heart diseases', 'Otras enfermedades cardiopulmonares'),
      c('I34', 'Nonrheumatic mitral valve disorders', 'Trastornos no reumáticos de la válvula mitral'),
      c('I35', 'Nonrheumatic aortic valve disorders', 'Trastornos no reumáticos de la válvula aórtica'),
      c('I42', 'Cardiomyopathy', 'Miocardiopatía'),
      c('I44', 'Atrioventricular and left bundle-branch block', 'Bloqueo auriculoventricular y de rama izquierda del haz'),
      c('I47', 'Paroxysmal tachycardia', 'Taquicardia paroxística'),
      c('I48', 'Atrial fibrillation and flutter', 'Fibrilación y aleteo auricular'),
      c('I49', 'Other cardiac arrhythmias', 'Otras arritmias cardíacas'),
      c('I50', 'Heart failure', 'Insuficiencia cardíaca'),
      c('I63', 'Cerebral infarction', 'Infarto cerebral'),
      c(
        'I65',
        'Occlusion and stenosis of precerebral arteries, not resulting in cerebral infarction',
        'Oclusión y estenosis de las arterias precerebrales, sin ocasionar infarto cerebral',
      ),
      c('I69', 'Sequelae of cerebrovascular disease', 'Secuelas de enfermedad cerebrovascular'),
      c('I70', 'Atherosclerosis', 'Aterosclerosis'),
      c('I73', 'Other peripheral vascular diseases', 'Otras enfermedades vasculares periféricas'),
      c('I82', 'Other venous embolism and thrombosis', 'Otras embolias y trombosis venosas'),
      c('I87', 'Other disorders of veins', 'Otros trastornos de las venas'),
      c('I95', 'Hypotension', 'Hipotensión'),
    ],
  },
  {
    chapter: 10,
    range: 'J00-J99',
    en: 'Diseases of the respiratory system',
    es: 'Enfermedades del sistema respiratorio',
    categories: [
      c('J18', 'Pneumonia, unspecified organism', 'Neumonía, organismo no especificado'),
      c('J41', 'Simple and mucopurulent chronic bronchitis', 'Bronquitis crónica simple y mucopurulenta'),
      c('J42', 'Unspecified chronic bronchitis', 'Bronquitis crónica no especificada'),
      c('J43', 'Emphysema', 'Enfisema'),
      c('J44', 'Other chronic obstructive pulmonary disease', 'Otras enfermedades pulmonares obstructivas crónicas'),
      c('J45', 'Asthma', 'Asma'),
      c('J47', 'Bronchiectasis', 'Bronquiectasia'),
      c('J84', 'Other interstitial pulmonary diseases', 'Otras enfermedades pulmonares intersticiales'),
      c('J96', 'Respiratory failure, not elsewhere classified', 'Insuficiencia respiratoria, no clasificada en otra parte'),
    ],
  },
  {
    chapter: 11,
    range: 'K00-K95',
    en: 'Diseases of the digestive system',
    es: 'Enfermedades del sistema digestivo',
    categories: [
      c('K21', 'Gastro-esophageal reflux disease', 'Enfermedad por reflujo gastroesofágico'),
      c('K50', "Crohn's disease [regional enteritis]", 'Enfermedad de Crohn [enteritis regional]'),
      c('K51', 'Ulcerative colitis', 'Colitis ulcerosa'),
      c('K58', 'Irritable bowel syndrome', 'Síndrome del intestino irritable'),
      c('K59', 'Other functional intestinal disorders', 'Otros trastornos funcionales del intestino'),
      c('K70', 'Alcoholic liver disease', 'Enfermedad alcohólica del hígado'),
      c('K74', 'Fibrosis and cirrhosis of liver', 'Fibrosis y cirrosis del hígado'),
      c('K76', 'Other diseases of liver', 'Otras enfermedades del hígado'),
    ],
  },
  {
    chapter: 12,
    range: 'L00-L99',
    en: 'Diseases of the skin and subcutaneous tissue',
    es: 'Enfermedades de la piel y del tejido subcutáneo',
    categories: [
      c('L40', 'Psoriasis', 'Psoriasis'),
      c('L89', 'Pressure ulcer', 'Úlcera por presión'),
      c(
        'L97',
        'Non-pressure chronic ulcer of lower limb, not elsewhere classified',
        'Úlcera crónica de miembro inferior no debida a presión, no clasificada en otra parte',
      ),
    ],
  },
  {
    chapter: 13,
    range: 'M00-M99',
    en: 'Diseases of the musculoskeletal system and connective tissue',
    es: 'Enfermedades del sistema musculoesquelético y del tejido conectivo',
    categories: [
      c('M05', 'Rheumatoid arthritis with rheumatoid factor', 'Artritis reumatoide con factor reumatoide'),
      c('M06', 'Other rheumatoid arthritis', 'Otras artritis reumatoides'),
      c('M10', 'Gout', 'Gota'),
      c('M15', 'Polyosteoarthritis', 'Poliartrosis'),
      c('M16', 'Osteoarthritis of hip', 'Artrosis de cadera'),
      c('M17', 'Osteoarthritis of knee', 'Artrosis de rodilla'),
      c('M19', 'Other and unspecified osteoarthritis', 'Otras artrosis y las no especificadas'),
      c('M1A', 'Chronic gout', 'Gota crónica'),
      c('M32', 'Systemic lupus erythematosus (SLE)', 'Lupus eritematoso sistémico (LES)'),
      c('M48', 'Other spondylopathies', 'Otras espondilopatías'),
      c('M54', 'Dorsalgia', 'Dorsalgia'),
      c(
        'M79',
        'Other and unspecified soft tissue disorders, not elsewhere classified',
        'Otros trastornos de los tejidos blandos y los no especificados, no clasificados en otra parte',
      ),
      c('M80', 'Osteoporosis with current pathological fracture', 'Osteoporosis con fractura patológica actual'),
      c('M81', 'Osteoporosis without current pathological fracture', 'Osteoporosis sin fractura patológica actual'),
    ],
  },
  {
    chapter: 14,
    range: 'N00-N99',
    en: 'Diseases of the genitourinary system',
    es: 'Enfermedades del sistema genitourinario',
    categories: [
      c('N17', 'Acute kidney failure', 'Insuficiencia renal aguda'),
      c('N18', 'Chronic kidney disease (CKD)', 'Enfermedad renal crónica (ERC)'),
      c('N19', 'Unspecified kidney failure', 'Insuficiencia renal no especificada'),
      c('N39', 'Other disorders of urinary system', 'Otros trastornos del sistema urinario'),
      c('N40', 'Benign prostatic hyperplasia', 'Hiperplasia prostática benigna'),
    ],
  },
  {
    chapter: 15,
    range: 'O00-O9A',
    en: 'Pregnancy, childbirth and the puerperium',
    es: 'Embarazo, parto y puerperio',
    categories: [
      c(
        'O10',
        'Pre-existing hypertension complicating pregnancy, childbirth and the puerperium',
        'Hipertensión preexistente que complica el embarazo, el parto y el puerperio',
      ),
      c(
        'O13',
        'Gestational [pregnancy-induced] hypertension without significant proteinuria',
        'Hipertensión gestacional [inducida por el embarazo] sin proteinuria significativa',
      ),
      c('O14', 'Pre-eclampsia', 'Preeclampsia'),
      c('O24', 'Diabetes mellitus in pregnancy, childbirth, and the puerperium', 'Diabetes mellitus en el embarazo, el parto y el puerperio'),
    ],
  },
  {
    chapter: 16,
    range: 'P00-P96',
    en: 'Certain conditions originating in the perinatal period',
    es: 'Ciertas afecciones originadas en el período perinatal',
    categories: [
      c(
        'P07',
        'Disorders of newborn related to short gestation and low birth weight, not elsewhere classified',
        'Trastornos del recién nacido relacionados con gestación corta y bajo peso al nacer, no clasificados en otra parte',
      ),
    ],
  },
  {
    chapter: 17,
    range: 'Q00-Q99',
    en: 'Congenital malformations, deformations and chromosomal abnormalities',
    es: 'Malformaciones congénitas, deformidades y anomalías cromosómicas',
    categories: [
      c('Q21', 'Congenital malformations of cardiac septa', 'Malformaciones congénitas de los tabiques cardíacos'),
      c('Q90', 'Down syndrome', 'Síndrome de Down'),
    ],
  },
  {
    chapter: 18,
    range: 'R00-R99',
    en: 'Symptoms, signs and abnormal clinical and laboratory findings, not elsewhere classified',
    es: 'Síntomas, signos y hallazgos anormales clínicos y de laboratorio, no clasificados en otra parte',
    categories: [
      c('R00', 'Abnormalities of heart beat', 'Anomalías del latido cardíaco'),
      c('R03', 'Abnormal blood-pressure reading, without diagnosis', 'Lectura anormal de la presión arterial, sin diagnóstico'),
      c('R05', 'Cough', 'Tos'),
      c('R06', 'Abnormalities of breathing', 'Anomalías de la respiración'),
      c('R07', 'Pain in throat and chest', 'Dolor de garganta y de pecho'),
      c('R26', 'Abnormalities of gait and mobility', 'Anomalías de la marcha y de la movilidad'),
      c('R42', 'Dizziness and giddiness', 'Mareo y vahído'),
      c('R53', 'Malaise and fatigue', 'Malestar y fatiga'),
      c('R55', 'Syncope and collapse', 'Síncope y colapso'),
      c('R60', 'Edema, not elsewhere classified', 'Edema, no clasificado en otra parte'),
      c('R63', 'Symptoms and signs concerning food and fluid intake', 'Síntomas y signos relacionados con la ingesta de alimentos y líquidos'),
      c('R73', 'Elevated blood glucose level', 'Nivel elevado de glucosa en sangre'),
    ],
  },
  {
    chapter: 19,
    range: 'S00-T88',
    en: 'Injury, poisoning and certain other consequences of external causes',
    es: 'Traumatismos, envenenamientos y algunas otras consecuencias de causas externas',
    categories: [
      c('S72', 'Fracture of femur', 'Fractura de fémur'),
      c('T86', 'Complications of transplanted organs and tissue', 'Complicaciones de órganos y tejidos trasplantados'),
    ],
  },
  {
    chapter: 20,
    range: 'V00-Y99',
    en: 'External causes of morbidity',
    es: 'Causas externas de morbilidad',
    categories: [c('W19', 'Unspecified fall', 'Caída no especificada')],
  },
  {
    chapter: 21,
    range: 'Z00-Z99',
    en: 'Factors influencing health status and contact with health services',
    es: 'Factores que influyen en el estado de salud y contacto con los servicios de salud',
    categories: [
      c(
        'Z00',
        'Encounter for general examination without complaint, suspected or reported diagnosis',
        'Contacto para examen general sin queja, sospecha o diagnóstico informado',
      ),
      c('Z13', 'Encounter for screening for other diseases and disorders', 'Contacto para cribado de otras enfermedades y trastornos'),
      c('Z59', 'Problems related to housing and economic circumstances', 'Problemas relacionados con la vivienda y las circunstancias económicas'),
      c('Z68', 'Body mass index [BMI]', 'Índice de masa corporal [IMC]'),
      c(
        'Z71',
        'Persons encountering health services for other counseling and medical advice, not elsewhere classified',
        'Personas en contacto con los servicios de salud para otros asesoramientos y consejos médicos, no clasificados en otra parte',
      ),
      c('Z72', 'Problems related to lifestyle', 'Problemas relacionados con el estilo de vida'),
      c('Z79', 'Long term (current) drug therapy', 'Tratamiento farmacológico (actual) a largo plazo'),
      c('Z86', 'Personal history of certain other diseases', 'Historia personal de algunas otras enfermedades'),
      c('Z87', 'Personal history of other diseases and conditions', 'Historia personal de otras enfermedades y afecciones'),
      c('Z91', 'Personal risk factors, not elsewhere classified', 'Factores de riesgo personales, no clasificados en otra parte'),
      c('Z95', 'Presence of cardiac and vascular implants and grafts', 'Presencia de implantes e injertos cardíacos y vasculares'),
      c(
        'Z99',
        'Dependence on enabling machines and devices, not elsewhere classified',
        'Dependencia de máquinas y dispositivos de apoyo, no clasificada en otra parte',
      ),
    ],
  },
  {
    chapter: 22,
    range: 'U00-U85',
    en: 'Codes for special purposes',
    es: 'Códigos para propósitos especiales',
    categories: [
      c('U07', 'Emergency use of U07', 'Uso de emergencia de U07'),
      c('U09', 'Post COVID-19 condition', 'Afección posterior a COVID-19'),
    ],
  },
];

/** Whether category `code` ("I10") falls inside chapter range `range` ("I00-I99"). */
export function inChapterRange(code: string, range: string): boolean {
  const [first, last] = range.split('-') as [string, string];
  return code >= first && code <= last;
}
