import { describe, expect, it } from 'vitest';
import { OKEI_UNITS, okeiUnit, unitCode, unitName, unitSymbol } from './localize.js';

/** Decision 187: units by their OKEI code, and back from the stored symbol. */
describe('the OKEI units', () => {
  it('reads a code as 1C writes it, with or without its leading zeros', () => {
    expect(okeiUnit('715')).toMatchObject({ symbol: 'пар', name: 'Пара (2 шт.)' });
    expect(okeiUnit('6')?.symbol).toBe('м');
    expect(okeiUnit('006')?.symbol).toBe('м');
    expect(okeiUnit(' 018 ')?.symbol).toBe('пог. м');
    expect(okeiUnit('999')).toBeUndefined();
    expect(okeiUnit('')).toBeUndefined();
    expect(okeiUnit('шт')).toBeUndefined();
  });

  it('has the codes 1C sends most, each once, each symbol giving its own code back', () => {
    const codes = OKEI_UNITS.map((u) => u.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['796', '715', '166', '163', '112', '111', '006', '004', '055', '113', '778', '704', '839']) {
      expect(codes).toContain(code);
    }
    for (const code of ['868', '625', '018', '168', '356', '642']) expect(codes).toContain(code);
    for (const u of OKEI_UNITS) expect(unitCode(u.symbol)).toBe(u.code);
  });

  it('gives the code and the full name of a stored symbol, in Russian and English; other units as stored', () => {
    expect([unitCode('пар'), unitName('пар', 'ru'), unitName('пар', 'en'), unitSymbol('пар', 'en')]).toEqual([
      '715',
      'Пара (2 шт.)',
      'pair (2 pcs)',
      'pair',
    ]);
    // Other spellings of the same units.
    expect(['шт.', ' Шт ', 'пара', 'уп.', 'к-т', 'м²', 'Пара (2 шт.)'].map(unitCode)).toEqual([
      '796',
      '796',
      '715',
      '778',
      '839',
      '055',
      '715',
    ]);
    expect(unitSymbol('упак.', 'en')).toBe('pack');
    expect(unitSymbol('упак.', 'ru')).toBe('упак.');
    // A unit outside the table: its own text, pieces' code (the default of docs/spec/03-entities.md).
    expect([unitCode('бухта'), unitName('бухта', 'ru'), unitSymbol('бухта', 'en')]).toEqual(['796', 'бухта', 'бухта']);
    expect(unitSymbol('кор', 'en')).toBe('box');
  });
});
