/**
 * The validated screening instruments seeded as locked templates of the system library, with their
 * published items, answer options, answer scores and LOINC codes. Sources and reproduction terms
 * are in docs/assessments.md. Spanish texts are the publishers' own Spanish versions, cited in
 * `spanish.source` (PHQ-9, PHQ-2, GAD-7: Pfizer's Spanish (USA) screeners; AUDIT, AUDIT-C: WHO's
 * Spanish edition of the AUDIT manual); an instrument without a free Spanish version (MDQ) has
 * `spanish: null` and empty Spanish texts, and the Spanish interface shows its English items with a
 * note that it is English only (docs/assessments.md "Spanish versions"). The scoring (totals, bands, MDQ's rule) is
 * features/surveys/scoring; this file is data only.
 */

export interface InstrumentAnswer {
  text: string;
  textEs: string;
  score: number;
  /** LOINC answer code (LA…) from the instrument's LOINC answer list. */
  loinc: string | null;
}

export interface InstrumentItem {
  /** Stable key the scoring engine reads ('PHQ9.9'). */
  key: string;
  text: string;
  textEs: string;
  /** LOINC code of the item. */
  loinc: string | null;
  answers: InstrumentAnswer[];
  /** Scored into the total (PHQ-9's difficulty question and MDQ's questions 2 and 3 are not). */
  scored: boolean;
  required: boolean;
}

export interface InstrumentDefinition {
  code: 'PHQ9' | 'PHQ2' | 'GAD7' | 'AUDIT' | 'AUDITC' | 'MDQ';
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  /** LOINC panel code of the instrument (null where we cite none: MDQ). */
  loinc: string | null;
  /** LOINC code of the total score (the Observation's code in the FHIR export); null where none is published. */
  totalLoinc: string | null;
  maxTotal: number;
  items: InstrumentItem[];
  /**
   * The reproduction line the instrument's terms require beside its items (docs/assessments.md
   * "Reproduction terms"), in English and Spanish: shown under the questionnaire and carried by
   * its FHIR Questionnaire (`copyright`).
   */
  copyright: string;
  copyrightEs: string;
  /**
   * The published Spanish version the Spanish texts (`nameEs`, `descriptionEs`, items, answers) are
   * taken from, as a citation; null when the owner publishes none for free use: the instrument is
   * then English only and its Spanish texts are empty (never a translation of ours).
   */
  spanish: { source: string } | null;
}

/** Pfizer's Spanish (USA) PHQ and GAD-7 screeners (docs/assessments.md "Spanish versions"). */
const PFIZER_SPANISH_USA = {
  source:
    'Pfizer Inc., PHQ and GAD-7 screeners, Spanish for the USA (phqscreeners.com, "Select a screener": PHQ-9 / GAD-7, Spanish (USA)); no permission required to reproduce, translate, display or distribute.',
};
/** WHO's Spanish edition of the AUDIT manual (docs/assessments.md "Spanish versions"). */
const WHO_AUDIT_SPANISH = {
  source:
    'Babor TF, Higgins-Biddle JC, Saunders JB, Monteiro MG. AUDIT. Cuestionario de Identificación de los Trastornos debidos al Consumo de Alcohol. Pautas para su utilización en Atención Primaria. Organización Mundial de la Salud, WHO/MSD/MSB/01.6a (edición en español: Generalitat Valenciana, Conselleria de Bienestar Social), 2001.',
};

/**
 * PHQ-9, PHQ-2 and GAD-7: the development credit and permission statement printed on Pfizer's
 * screener forms (phqscreeners.com; docs/assessments.md "Reproduction terms").
 */
export const PFIZER_SCREENER_LINE =
  'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.';
export const PFIZER_SCREENER_LINE_ES =
  'Desarrollado por los Dres. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke y colegas, con una subvención educativa de Pfizer Inc. No se requiere permiso para reproducir, traducir, presentar o distribuir.';
/** AUDIT and AUDIT-C (its first three items): the World Health Organization's copyright (docs/assessments.md). */
export const WHO_AUDIT_LINE = 'AUDIT © World Health Organization.';
export const WHO_AUDIT_LINE_ES = 'AUDIT © Organización Mundial de la Salud.';
/**
 * MDQ: the holder's copyright and the screening-only statement every published copy carries; NOT
 * "Reprinted with permission", which this project cannot say (no permission on record:
 * docs/assessments.md "Reproduction terms").
 */
export const MDQ_LINE =
  '© 2000 by The University of Texas Medical Branch. This instrument is designed for screening purposes only and is not to be used as a diagnostic tool.';
export const MDQ_LINE_ES =
  '© 2000 by The University of Texas Medical Branch. Este instrumento está diseñado solo para detección y no debe usarse como herramienta de diagnóstico.';

// PHQ / GAD-7 frequency scale: LOINC answer list LL358-3.
const frequency: InstrumentAnswer[] = [
  { text: 'Not at all', textEs: 'Ningún día', score: 0, loinc: 'LA6568-5' },
  { text: 'Several days', textEs: 'Varios días', score: 1, loinc: 'LA6569-3' },
  { text: 'More than half the days', textEs: 'Más de la mitad de los días', score: 2, loinc: 'LA6570-1' },
  { text: 'Nearly every day', textEs: 'Casi todos los días', score: 3, loinc: 'LA6571-9' },
];

const phqStem = 'Over the last 2 weeks, how often have you been bothered by any of the following problems?';
const phqStemEs = 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?';

const phq9Items: [string, string, string][] = [
  ['Little interest or pleasure in doing things', 'Poco interés o placer en hacer cosas', '44250-9'],
  ['Feeling down, depressed, or hopeless', 'Se ha sentido decaído(a), deprimido(a) o sin esperanzas', '44255-8'],
  ['Trouble falling or staying asleep, or sleeping too much', 'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado', '44259-0'],
  ['Feeling tired or having little energy', 'Se ha sentido cansado(a) o con poca energía', '44254-1'],
  ['Poor appetite or overeating', 'Sin apetito o ha comido en exceso', '44251-7'],
  [
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Se ha sentido mal con usted mismo(a) — o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
    '44258-2',
  ],
  [
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
    '44252-5',
  ],
  [
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario — muy inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
    '44253-3',
  ],
  [
    'Thoughts that you would be better off dead or of hurting yourself in some way',
    'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
    '44260-8',
  ],
];

const phqItem = (prefix: string, i: number, [text, textEs, loinc]: [string, string, string]): InstrumentItem => ({
  key: `${prefix}.${i + 1}`,
  text,
  textEs,
  loinc,
  answers: frequency,
  scored: true,
  required: true,
});

/** PHQ-9 (Kroenke, Spitzer, Williams 2001), LOINC panel 44249-1, total 44261-6. */
const phq9: InstrumentDefinition = {
  code: 'PHQ9',
  name: 'PHQ-9 (Patient Health Questionnaire-9)',
  nameEs: 'PHQ-9 (Cuestionario sobre la salud del paciente-9)',
  description: phqStem,
  descriptionEs: phqStemEs,
  loinc: '44249-1',
  totalLoinc: '44261-6',
  copyright: PFIZER_SCREENER_LINE,
  copyrightEs: PFIZER_SCREENER_LINE_ES,
  spanish: PFIZER_SPANISH_USA,
  maxTotal: 27,
  items: [
    ...phq9Items.map((item, i) => phqItem('PHQ9', i, item)),
    {
      key: 'PHQ9.10',
      text: 'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
      textEs: 'Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado estos problemas para hacer su trabajo, encargarse de las tareas del hogar, o llevarse bien con otras personas?',
      loinc: '69722-7',
      answers: [
        { text: 'Not difficult at all', textEs: 'No ha sido difícil', score: 0, loinc: 'LA6572-7' },
        { text: 'Somewhat difficult', textEs: 'Un poco difícil', score: 0, loinc: 'LA6573-5' },
        { text: 'Very difficult', textEs: 'Muy difícil', score: 0, loinc: 'LA6574-3' },
        { text: 'Extremely difficult', textEs: 'Extremadamente difícil', score: 0, loinc: 'LA6575-0' },
      ],
      scored: false,
      required: false,
    },
  ],
};

/** PHQ-2 (Kroenke, Spitzer, Williams 2003): the PHQ-9's first two items, LOINC panel 55757-9, total 55758-7. */
const phq2: InstrumentDefinition = {
  code: 'PHQ2',
  name: 'PHQ-2 (Patient Health Questionnaire-2)',
  nameEs: 'PHQ-2 (Cuestionario sobre la salud del paciente-2)',
  description: phqStem,
  descriptionEs: phqStemEs,
  loinc: '55757-9',
  totalLoinc: '55758-7',
  copyright: PFIZER_SCREENER_LINE,
  copyrightEs: PFIZER_SCREENER_LINE_ES,
  spanish: PFIZER_SPANISH_USA,
  maxTotal: 6,
  items: phq9Items.slice(0, 2).map((item, i) => phqItem('PHQ2', i, item)),
};

/** GAD-7 (Spitzer, Kroenke, Williams, Löwe 2006), LOINC panel 69737-5, total 70274-6. */
const gad7: InstrumentDefinition = {
  code: 'GAD7',
  name: 'GAD-7 (Generalized Anxiety Disorder-7)',
  nameEs: 'GAD-7 (Trastorno de ansiedad generalizada-7)',
  description: phqStem,
  descriptionEs: phqStemEs,
  loinc: '69737-5',
  totalLoinc: '70274-6',
  copyright: PFIZER_SCREENER_LINE,
  copyrightEs: PFIZER_SCREENER_LINE_ES,
  spanish: PFIZER_SPANISH_USA,
  maxTotal: 21,
  items: (
    [
      ['Feeling nervous, anxious, or on edge', 'Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta', '69725-0'],
      ['Not being able to stop or control worrying', 'No ha sido capaz de parar o controlar su preocupación', '68509-9'],
      ['Worrying too much about different things', 'Se ha preocupado demasiado por motivos diferentes', '69733-4'],
      ['Trouble relaxing', 'Ha tenido dificultad para relajarse', '69734-2'],
      ['Being so restless that it is hard to sit still', 'Se ha sentido tan inquieto(a) que no ha podido quedarse quieto(a)', '69735-9'],
      ['Becoming easily annoyed or irritable', 'Se ha molestado o irritado fácilmente', '69689-8'],
      ['Feeling afraid, as if something awful might happen', 'Ha tenido miedo de que algo terrible fuera a pasar', '69736-7'],
    ] as [string, string, string][]
  ).map((item, i) => phqItem('GAD7', i, item)),
};

// AUDIT (Babor, Higgins-Biddle, Saunders, Monteiro; WHO 2001): ten items, LOINC item codes 68518-0 .. 68527-1.
const auditItems: InstrumentItem[] = [
  {
    key: 'AUDIT.1',
    text: 'How often do you have a drink containing alcohol?',
    textEs: '¿Con qué frecuencia consume alguna bebida alcohólica?',
    loinc: '68518-0',
    answers: [
      { text: 'Never', textEs: 'Nunca', score: 0, loinc: 'LA6270-8' },
      { text: 'Monthly or less', textEs: 'Una o menos veces al mes', score: 1, loinc: 'LA18926-8' },
      { text: '2-4 times a month', textEs: 'De 2 a 4 veces al mes', score: 2, loinc: 'LA18927-6' },
      { text: '2-3 times a week', textEs: 'De 2 a 3 veces a la semana', score: 3, loinc: 'LA18928-4' },
      { text: '4 or more times a week', textEs: '4 o más veces a la semana', score: 4, loinc: 'LA18929-2' },
    ],
    scored: true,
    required: true,
  },
  {
    key: 'AUDIT.2',
    text: 'How many drinks containing alcohol do you have on a typical day when you are drinking?',
    textEs: '¿Cuántas consumiciones de bebidas alcohólicas suele realizar en un día de consumo normal?',
    loinc: '68519-8',
    answers: [
      { text: '1 or 2', textEs: '1 o 2', score: 0, loinc: 'LA15694-5' },
      { text: '3 or 4', textEs: '3 o 4', score: 1, loinc: 'LA15695-2' },
      { text: '5 or 6', textEs: '5 o 6', score: 2, loinc: 'LA18930-0' },
      { text: '7, 8, or 9', textEs: 'De 7 a 9', score: 3, loinc: 'LA18931-8' },
      { text: '10 or more', textEs: '10 o más', score: 4, loinc: 'LA18932-6' },
    ],
    scored: true,
    required: true,
  },
  {
    key: 'AUDIT.3',
    text: 'How often do you have six or more drinks on one occasion?',
    textEs: '¿Con qué frecuencia toma 6 o más bebidas alcohólicas en un solo día?',
    loinc: '68520-6',
    answers: neverToDaily(),
    scored: true,
    required: true,
  },
  freqItem('AUDIT.4', 'How often during the last year have you found that you were not able to stop drinking once you had started?', '¿Con qué frecuencia en el curso del último año ha sido incapaz de parar de beber una vez había empezado?', '68521-4'),
  freqItem('AUDIT.5', 'How often during the last year have you failed to do what was normally expected from you because of drinking?', '¿Con qué frecuencia en el curso del último año no pudo hacer lo que se esperaba de usted porque había bebido?', '68522-2'),
  freqItem('AUDIT.6', 'How often during the last year have you needed a first drink in the morning to get yourself going after a heavy drinking session?', '¿Con qué frecuencia en el curso del último año ha necesitado beber en ayunas para recuperarse después de haber bebido mucho el día anterior?', '68523-0'),
  freqItem('AUDIT.7', 'How often during the last year have you had a feeling of guilt or remorse after drinking?', '¿Con qué frecuencia en el curso del último año ha tenido remordimientos o sentimientos de culpa después de haber bebido?', '68524-8'),
  freqItem('AUDIT.8', 'How often during the last year have you been unable to remember what happened the night before because you had been drinking?', '¿Con qué frecuencia en el curso del último año no ha podido recordar lo que sucedió la noche anterior porque había estado bebiendo?', '68525-5'),
  yearItem('AUDIT.9', 'Have you or someone else been injured as a result of your drinking?', '¿Usted o alguna otra persona ha resultado físicamente herido porque usted había bebido?', '68526-3'),
  yearItem(
    'AUDIT.10',
    'Has a relative or friend or a doctor or another health worker been concerned about your drinking or suggested you cut down?',
    '¿Algún familiar, amigo, médico o profesional sanitario ha mostrado preocupación por su consumo de bebidas alcohólicas o le han indicado que deje de beber?',
    '68527-1',
  ),
];

function neverToDaily(): InstrumentAnswer[] {
  return [
    { text: 'Never', textEs: 'Nunca', score: 0, loinc: 'LA6270-8' },
    { text: 'Less than monthly', textEs: 'Menos de una vez al mes', score: 1, loinc: 'LA18933-4' },
    { text: 'Monthly', textEs: 'Mensualmente', score: 2, loinc: 'LA18876-5' },
    { text: 'Weekly', textEs: 'Semanalmente', score: 3, loinc: 'LA18891-4' },
    { text: 'Daily or almost daily', textEs: 'A diario o casi a diario', score: 4, loinc: 'LA18934-2' },
  ];
}

function freqItem(key: string, text: string, textEs: string, loinc: string): InstrumentItem {
  return { key, text, textEs, loinc, answers: neverToDaily(), scored: true, required: true };
}

function yearItem(key: string, text: string, textEs: string, loinc: string): InstrumentItem {
  return {
    key,
    text,
    textEs,
    loinc,
    answers: [
      { text: 'No', textEs: 'No', score: 0, loinc: 'LA32-8' },
      { text: 'Yes, but not in the last year', textEs: 'Sí, pero no en el curso del último año', score: 2, loinc: 'LA18935-9' },
      { text: 'Yes, during the last year', textEs: 'Sí, el último año', score: 4, loinc: 'LA18936-7' },
    ],
    scored: true,
    required: true,
  };
}

/** AUDIT, LOINC panel 72110-0, total 75624-7. */
const audit: InstrumentDefinition = {
  code: 'AUDIT',
  name: 'AUDIT (Alcohol Use Disorders Identification Test)',
  nameEs: 'AUDIT (Test de identificación de trastornos por consumo de alcohol)',
  description: 'Questions about your use of alcoholic beverages during the past year.',
  descriptionEs: 'Preguntas sobre su consumo de bebidas alcohólicas durante el último año.',
  loinc: '72110-0',
  totalLoinc: '75624-7',
  copyright: WHO_AUDIT_LINE,
  copyrightEs: WHO_AUDIT_LINE_ES,
  spanish: WHO_AUDIT_SPANISH,
  maxTotal: 40,
  items: auditItems,
};

/** AUDIT-C (Bush et al. 1998): the AUDIT's first three items, LOINC panel 72109-2, total 75626-2. */
const auditC: InstrumentDefinition = {
  code: 'AUDITC',
  name: 'AUDIT-C (Alcohol Use Disorders Identification Test - Consumption)',
  nameEs: 'AUDIT-C (Test de identificación de trastornos por consumo de alcohol - Consumo)',
  description: audit.description,
  descriptionEs: audit.descriptionEs,
  loinc: '72109-2',
  totalLoinc: '75626-2',
  copyright: WHO_AUDIT_LINE,
  copyrightEs: WHO_AUDIT_LINE_ES,
  spanish: WHO_AUDIT_SPANISH,
  maxTotal: 12,
  items: auditItems.slice(0, 3).map((item, i) => ({ ...item, key: `AUDITC.${i + 1}` })),
};

const yesNo: InstrumentAnswer[] = [
  { text: 'Yes', textEs: '', score: 1, loinc: 'LA33-6' },
  { text: 'No', textEs: '', score: 0, loinc: 'LA32-8' },
];

const mdqStem = 'Has there ever been a period of time when you were not your usual self and...';
const mdqQ1: string[] = [
  '...you felt so good or so hyper that other people thought you were not your normal self or you were so hyper that you got into trouble?',
  '...you were so irritable that you shouted at people or started fights or arguments?',
  '...you felt much more self-confident than usual?',
  '...you got much less sleep than usual and found you didn\'t really miss it?',
  '...you were much more talkative or spoke much faster than usual?',
  '...thoughts raced through your head or you couldn\'t slow your mind down?',
  '...you were so easily distracted by things around you that you had trouble concentrating or staying on track?',
  '...you had much more energy than usual?',
  '...you were much more active or did many more things than usual?',
  '...you were much more social or outgoing than usual, for example, you telephoned friends in the middle of the night?',
  '...you were much more interested in sex than usual?',
  '...you did things that were unusual for you or that other people might have thought were excessive, foolish, or risky?',
  '...spending money got you or your family into trouble?',
];

/** MDQ (Hirschfeld et al. 2000). No LOINC codes are given here (docs/assessments.md): the export codes it by text. */
const mdq: InstrumentDefinition = {
  code: 'MDQ',
  name: 'MDQ (Mood Disorder Questionnaire)',
  nameEs: 'MDQ (Mood Disorder Questionnaire), solo en inglés',
  description: mdqStem,
  descriptionEs: '',
  loinc: null,
  totalLoinc: null,
  copyright: MDQ_LINE,
  copyrightEs: MDQ_LINE_ES,
  // No Spanish version free to use is published by its holder: English only, no Spanish texts.
  spanish: null,
  maxTotal: 13,
  items: [
    ...mdqQ1.map((text, i): InstrumentItem => ({ key: `MDQ.1${'abcdefghijklm'[i]}`, text, textEs: '', loinc: null, answers: yesNo, scored: true, required: true })),
    {
      key: 'MDQ.2',
      text: 'If you checked YES to more than one of the above, have several of these ever happened during the same period of time?',
      textEs: '',
      loinc: null,
      answers: yesNo,
      scored: false,
      required: true,
    },
    {
      key: 'MDQ.3',
      text: 'How much of a problem did any of these cause you — like being unable to work; having family, money or legal troubles; getting into arguments or fights?',
      textEs: '',
      loinc: null,
      answers: [
        { text: 'No problem', textEs: '', score: 0, loinc: null },
        { text: 'Minor problem', textEs: '', score: 1, loinc: null },
        { text: 'Moderate problem', textEs: '', score: 2, loinc: null },
        { text: 'Serious problem', textEs: '', score: 3, loinc: null },
      ],
      scored: false,
      required: true,
    },
  ],
};

/** Every seeded instrument, in the order the library lists them. */
export const surveyInstruments: InstrumentDefinition[] = [phq9, phq2, gad7, audit, auditC, mdq];
