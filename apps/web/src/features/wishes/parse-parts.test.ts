import { describe, expect, it } from 'vitest';
import { parseParts } from './api';

describe('parseParts', () => {
  it('reads one part per line: number and quantity separated by white space', () => {
    expect(parseParts('RE504836 2\n\n  AL-221453\t3\nZX 99 001 4\nH215628')).toEqual({
      items: [
        { article: 'RE504836', count: 2 },
        { article: 'AL-221453', count: 3 },
        { article: 'ZX 99 001', count: 4 },
        { article: 'H215628', count: 1 },
      ],
      bad: [],
    });
  });
  it('reports quantities out of range', () => {
    expect(parseParts('A1 0\nB2 20000').bad).toEqual(['A1 0', 'B2 20000']);
  });
});
