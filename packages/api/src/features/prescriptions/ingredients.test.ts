import { describe, expect, it } from 'vitest';
import { activeMoiety, moietiesOf, sharedMoieties } from './ingredients';

describe('activeMoiety', () => {
  it('drops a trailing salt or hydrate word', () => {
    expect(activeMoiety('METFORMIN HYDROCHLORIDE')).toBe('metformin');
    expect(activeMoiety('Levothyroxine Sodium')).toBe('levothyroxine');
    expect(activeMoiety('metoprolol succinate')).toBe('metoprolol');
    expect(activeMoiety('METOPROLOL TARTRATE')).toBe('metoprolol');
    expect(activeMoiety('doxycycline hyclate')).toBe('doxycycline');
    expect(activeMoiety('amoxicillin trihydrate')).toBe('amoxicillin');
  });

  it('keeps a name whose only word is a salt word, and a salt word that is not last', () => {
    expect(activeMoiety('SODIUM CHLORIDE')).toBe('sodium chloride');
    expect(activeMoiety('potassium chloride')).toBe('potassium chloride');
    expect(activeMoiety('calcium')).toBe('calcium');
  });

  it('drops several trailing salt words and normalises spaces', () => {
    expect(activeMoiety('  ATORVASTATIN   CALCIUM  TRIHYDRATE ')).toBe('atorvastatin');
  });

  it('keeps names without a salt', () => {
    expect(activeMoiety('INSULIN GLARGINE')).toBe('insulin glargine');
    expect(activeMoiety('Apixaban')).toBe('apixaban');
    expect(activeMoiety('')).toBe('');
  });
});

describe('moietiesOf / sharedMoieties', () => {
  it('gives the distinct moieties of a combination product, sorted', () => {
    expect(moietiesOf(['LOSARTAN POTASSIUM', 'HYDROCHLOROTHIAZIDE'])).toEqual(['hydrochlorothiazide', 'losartan']);
    expect(moietiesOf(['METOPROLOL SUCCINATE', 'METOPROLOL TARTRATE', ''])).toEqual(['metoprolol']);
  });

  it('finds what two products share', () => {
    expect(sharedMoieties(['hydrochlorothiazide', 'losartan'], ['losartan'])).toEqual(['losartan']);
    expect(sharedMoieties(['metformin'], ['sitagliptin'])).toEqual([]);
  });
});
