import { describe, expect, it } from 'vitest';
import { busiestFirst } from './office-order';

const list = [
  { id: 3, hospitalName: 'Alpha (empty)' },
  { id: 7, hospitalName: 'Beta' },
  { id: 9, hospitalName: 'Gamma (busiest)' },
];

describe('busiestFirst', () => {
  it('moves the busiest office to the front and keeps the others in order', () => {
    expect(busiestFirst(list, 9).map((o) => o.id)).toEqual([9, 3, 7]);
  });
  it('keeps the list as it is when the busiest office is unknown or not in it', () => {
    expect(busiestFirst(list, null).map((o) => o.id)).toEqual([3, 7, 9]);
    expect(busiestFirst(list, 42).map((o) => o.id)).toEqual([3, 7, 9]);
  });
});
