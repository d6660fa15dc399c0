// The contracts build without Node's types (the web imports them too); this test alone reads a file.
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ErrorCode, type ErrorName, errorNameOf, wireCodeOf } from './errors.ts';

const names = Object.keys(ERROR_CATALOGUE) as ErrorName[];
const wireCodes = names.map((name) => ERROR_CATALOGUE[name].code);

describe('the error catalogue (names in code, wire codes on the wire)', () => {
  it('gives every error one PascalCase name and one wire code, each used once', () => {
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z]+$/);
    expect(new Set(wireCodes).size).toBe(wireCodes.length);
    // Object keys are unique by construction; the name objects must hold each of them as itself.
    expect(Object.keys(ErrorCode).sort()).toEqual([...names].sort());
    for (const name of names) expect(ErrorCode[name]).toBe(name);
  });

  it('maps names to wire codes and back', () => {
    for (const name of names) expect(errorNameOf(wireCodeOf(name))).toBe(name);
    expect(wireCodeOf(ErrorCode.QuoteExpired)).toBe('ODR00001013');
    expect(errorNameOf('USE000002002')).toBe(ErrorCode.TooManyAttempts);
    expect(errorNameOf('000000')).toBeUndefined();
    expect(errorNameOf('NOPE0000001')).toBeUndefined();
    // Inherited object keys are no codes.
    expect(errorNameOf('toString')).toBeUndefined();
  });

  it('still holds every wire code decision 002 names', () => {
    const decision = readFileSync(new URL('../../../docs/decisions/002-error-catalogue.md', import.meta.url), 'utf8');
    const named = [...decision.matchAll(/\b(?:[A-Z]{3,4}\d{6,9}|999999|10000041|10000047)\b/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(0);
    for (const code of new Set(named)) expect(wireCodes, code).toContain(code);
  });
});
