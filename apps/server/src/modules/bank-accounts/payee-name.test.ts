import { describe, expect, it } from 'vitest';
import { payeeNameMatches } from './payee-name.ts';

describe('payeeNameMatches: the payee is the verified person', () => {
  it.each([
    ['John Doe', 'John Doe'],
    ['DOE John', 'John Doe'],
    ['doe, john', 'John Doe'],
    ['John Doe', 'John Michael Doe'],
    ['Doe John Michael', 'John Michael Doe'],
    ['Jose Muller', 'José Müller'],
    ['MULLER JOSE', 'José Müller'],
    ['Zoë Ça', 'ZOE CA'],
    ['Mary Jane Smith', 'Mary-Jane Smith'],
    ["SIOBHAN O'NEIL", "Siobhán O'Neil"],
    ['  Ada   Lovelace ', 'Ada Lovelace'],
    ['张伟', '张伟'],
    ['Madonna', 'Madonna'],
  ])('%j matches %j', (payee, verified) => {
    expect(payeeNameMatches(payee, verified)).toBe(true);
  });

  it.each([
    ['Jane Doe', 'John Doe', 'another first name'],
    ['John', 'John Doe', 'the last name missing'],
    ['Doe', 'John Doe', 'the first name missing'],
    ['Michael Doe', 'John Michael Doe', 'the first name missing, a middle one kept'],
    ['John Doe Ltd', 'John Doe', 'a word the verified name does not have'],
    ['John John', 'John Doe', 'one verified word used twice'],
    ['Jon Doe', 'John Doe', 'a spelling of its own'],
    ['', 'John Doe', 'no name'],
    ['John Doe', '', 'no verified name'],
    ['.,', 'John Doe', 'punctuation only'],
  ])('%j does not match %j (%s)', (payee, verified) => {
    expect(payeeNameMatches(payee, verified)).toBe(false);
  });
});
