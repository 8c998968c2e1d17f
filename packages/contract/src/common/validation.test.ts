import { describe, expect, it } from 'vitest';
import { normaliseName } from './validation';

describe('normaliseName (spec section 3, per word)', () => {
  it('capitalises each word and keeps the usual particles lower case', () => {
    expect(normaliseName('ana maría pérez de la cruz')).toBe('Ana María Pérez de la Cruz');
    expect(normaliseName('JOSÉ LUIS GARCÍA Y LÓPEZ')).toBe('José Luis García y López');
    expect(normaliseName('maria das dores da silva')).toBe('Maria Das Dores da Silva');
    expect(normaliseName('ludwig VAN beethoven')).toBe('Ludwig van Beethoven');
    expect(normaliseName('  mARY   ann ')).toBe('Mary Ann');
  });

  it('capitalises a particle that starts the name, and each part of hyphenated and apostrophe names', () => {
    expect(normaliseName('de la fuente')).toBe('De la Fuente');
    expect(normaliseName('jean-luc')).toBe('Jean-Luc');
    expect(normaliseName("o'brien")).toBe("O'Brien");
  });
});
