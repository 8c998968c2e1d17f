import { describe, expect, it } from 'vitest';
import { surveyInstruments } from '../../db/seed/data/survey-instruments';
import { copyrightOf } from './views';

// Assessments in the patient's language (docs/assessments.md "Spanish versions"): Spanish texts
// only where the owner publishes a Spanish version for free use, cited; else English only.
describe('seeded instruments: Spanish versions', () => {
  it('gives every instrument with Spanish texts a cited published source, and Spanish for every item and option', () => {
    for (const instrument of surveyInstruments.filter((i) => i.spanish)) {
      expect(instrument.spanish!.source, instrument.code).toMatch(/Pfizer|Organización Mundial de la Salud/);
      expect(instrument.descriptionEs, instrument.code).not.toBe('');
      for (const item of instrument.items) {
        expect(item.textEs, item.key).not.toBe('');
        for (const a of item.answers) { expect(a.textEs, `${item.key} ${a.text}`).not.toBe(''); }
      }
    }
  });

  it('keeps the MDQ English only: no Spanish text of ours, and the API says so', () => {
    const mdq = surveyInstruments.find((i) => i.code === 'MDQ')!;
    expect(mdq.spanish).toBeNull();
    expect(mdq.descriptionEs).toBe('');
    expect(mdq.items.flatMap((item) => [item.textEs, ...item.answers.map((a) => a.textEs)]).filter((t) => t !== '')).toEqual([]);
    expect(copyrightOf('MDQ')).toMatchObject({ englishOnly: true, descriptionEs: null, spanishSource: null });
  });

  it("serves the PHQ-9's instructions in Pfizer's Spanish with its source", () => {
    expect(copyrightOf('PHQ9')).toMatchObject({
      englishOnly: false,
      descriptionEs: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
      spanishSource: expect.stringContaining('Spanish for the USA'),
    });
  });

  it("uses the WHO Spanish manual's wording for the AUDIT's answers and item 9", () => {
    const audit = surveyInstruments.find((i) => i.code === 'AUDIT')!;
    expect(audit.items[1]!.answers.map((a) => a.textEs)).toContain('De 7 a 9');
    expect(audit.items[8]!.textEs).toBe('¿Usted o alguna otra persona ha resultado físicamente herido porque usted había bebido?');
  });
});
