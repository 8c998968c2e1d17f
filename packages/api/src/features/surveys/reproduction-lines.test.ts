import { describe, expect, it } from 'vitest';
import { toQuestionnaire } from './fhir';
import { copyrightOf } from './views';
import { surveyInstruments } from '../../db/seed/data/survey-instruments';

/**
 * Each seeded instrument carries the reproduction line its terms require (docs/assessments.md
 * "Reproduction terms"), word for word, in English and Spanish.
 */
const pfizer =
  'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.';
const expected: Record<string, RegExp | string> = {
  PHQ9: pfizer,
  PHQ2: pfizer,
  GAD7: pfizer,
  AUDIT: 'AUDIT © World Health Organization.',
  AUDITC: 'AUDIT © World Health Organization.',
  MDQ: /^© 2000 by The University of Texas Medical Branch\. This instrument is designed for screening purposes only and is not to be used as a diagnostic tool\.$/,
};

describe('seeded instruments: reproduction lines', () => {
  it('lists every seeded instrument here', () => {
    expect(surveyInstruments.map((i) => i.code).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const instrument of surveyInstruments) {
    it(`${instrument.code} carries its line in English and Spanish`, () => {
      const line = expected[instrument.code]!;
      if (typeof line === 'string') { expect(instrument.copyright).toBe(line); }
      else { expect(instrument.copyright).toMatch(line); }
      expect(instrument.copyrightEs.length).toBeGreaterThan(20);
      expect(instrument.copyrightEs).not.toBe(instrument.copyright);
      // the holder is named in both languages
      const holder = /Pfizer Inc\.|AUDIT ©|University of Texas Medical Branch/.exec(instrument.copyright)![0];
      expect(instrument.copyrightEs).toContain(holder === 'AUDIT ©' ? 'AUDIT ©' : holder);
    });
  }

  it('the MDQ line claims no permission the project does not hold', () => {
    const mdq = surveyInstruments.find((i) => i.code === 'MDQ')!;
    expect(`${mdq.copyright} ${mdq.copyrightEs}`).not.toMatch(/permission|permiso/i);
  });

  it('the served template and its FHIR Questionnaire carry the line; other templates none', () => {
    expect(copyrightOf('GAD7')).toMatchObject({ copyright: pfizer, copyrightEs: surveyInstruments.find((i) => i.code === 'GAD7')!.copyrightEs });
    expect(copyrightOf(null)).toEqual({ copyright: null, copyrightEs: null, descriptionEs: null, spanishSource: null, englishOnly: false });
    const template = {
      id: 1, hospitalId: null, hospitalName: null, name: 'PHQ-9', nameEs: 'PHQ-9', description: '', category: 'PHQ9', instrumentCode: 'PHQ9' as const,
      loincCode: '44249-1', isLocked: true, status: 'active' as const, questionCount: 0, assignedCount: 0, maxScore: 27,
      createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', questions: [], bands: [], ...copyrightOf('PHQ9'),
    };
    expect(toQuestionnaire(template).copyright).toBe(pfizer);
    expect(toQuestionnaire({ ...template, instrumentCode: null, ...copyrightOf(null) })).not.toHaveProperty('copyright');
  });
});
