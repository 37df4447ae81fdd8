import { describe, expect, it } from 'vitest';
import { STAFF_STATUS_MOVES, staffMayMoveStatus, statusMoveNeedsReason } from './desk.js';

/** The staff's status moves of decision 193, as the server enforces them and the desk greys them out. */
describe('staff status moves', () => {
  it('lets open orders move anywhere, and refuses what the table refuses', () => {
    for (const from of ['N', 'A', 'P'])
      for (const to of ['N', 'A', 'P', 'S', 'F', 'C']) {
        expect(staffMayMoveStatus(from, to), `${from}→${to}`).toBe(true);
      }
    expect(staffMayMoveStatus('C', 'S')).toBe(false);
    expect(staffMayMoveStatus('C', 'F')).toBe(false);
    expect(staffMayMoveStatus('S', 'C')).toBe(false);
    expect(staffMayMoveStatus('F', 'C')).toBe(false);
    // A status 1C brought, outside the table, moves freely.
    expect(staffMayMoveStatus('X', 'C')).toBe(true);
    expect(staffMayMoveStatus('C', 'X')).toBe(true);
  });

  it('asks a reason for leaving «Отменен», «Отгружен» or «Выполнен», not for «Отгружен» → «Выполнен»', () => {
    expect(statusMoveNeedsReason('C', 'A')).toBe(true);
    expect(statusMoveNeedsReason('S', 'P')).toBe(true);
    expect(statusMoveNeedsReason('F', 'S')).toBe(true);
    expect(statusMoveNeedsReason('S', 'F')).toBe(false);
    expect(statusMoveNeedsReason('N', 'C')).toBe(false);
    expect(statusMoveNeedsReason('C', 'X')).toBe(true);
    for (const [from, moves] of Object.entries(STAFF_STATUS_MOVES)) expect(moves, from).not.toContain(from);
  });
});
