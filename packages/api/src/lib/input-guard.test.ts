import { describe, expect, it } from 'vitest';
import { jsonNestingExceeds, MAX_JSON_NESTING, parseJsonWithin } from './input-guard';

describe('jsonNestingExceeds (docs/security.md "Bad input")', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(jsonNestingExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonNestingExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestingExceeds('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonNestingExceeds('{"a":{"b":{"c":{"d":1}}}}', 3)).toBe(true);
    expect(jsonNestingExceeds(`{"text":"${'['.repeat(500)}"}`, 3)).toBe(false);
    expect(jsonNestingExceeds(`{"text":"a\\"${'{'.repeat(500)}"}`, 3)).toBe(false);
  });

  it('finds a document nested 100,000 levels deep without a stack overflow', () => {
    expect(jsonNestingExceeds('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
  });
});

describe('parseJsonWithin', () => {
  it('parses ordinary documents and refuses deep ones and non-JSON with undefined', () => {
    expect(parseJsonWithin('{"resourceType":"Bundle","entry":[{"resource":{"id":"x"}}]}')).toEqual({ resourceType: 'Bundle', entry: [{ resource: { id: 'x' } }] });
    expect(parseJsonWithin('['.repeat(MAX_JSON_NESTING) + ']'.repeat(MAX_JSON_NESTING))).toBeDefined();
    expect(parseJsonWithin('['.repeat(MAX_JSON_NESTING + 1) + ']'.repeat(MAX_JSON_NESTING + 1))).toBeUndefined();
    expect(parseJsonWithin('{"a":')).toBeUndefined();
    expect(parseJsonWithin('null')).toBeNull();
  });
});
