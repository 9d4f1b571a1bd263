import {
  DEFAULT_REJECTION_REASONS,
  REJECTION_REASON_MAX_LENGTH,
  rejectionReasonsOf,
} from './rejection-reasons.js';

describe('rejectionReasonsOf', () => {
  it('gives the default reasons when nothing is configured', () => {
    expect(rejectionReasonsOf(null)).toEqual(DEFAULT_REJECTION_REASONS);
    expect(rejectionReasonsOf(undefined)).toEqual(DEFAULT_REJECTION_REASONS);
  });

  it('gives none for an empty text (only free text is offered then)', () => {
    expect(rejectionReasonsOf('')).toEqual([]);
    expect(rejectionReasonsOf(' \n\r\n ')).toEqual([]);
  });

  it('reads one reason per line, trimmed, without blank lines and repeats', () => {
    expect(rejectionReasonsOf('  Küche zu \r\n\nKüche zu\nFahrer krank\n')).toEqual([
      'Küche zu',
      'Fahrer krank',
    ]);
  });

  it('cuts a reason that is too long', () => {
    const [reason] = rejectionReasonsOf('x'.repeat(REJECTION_REASON_MAX_LENGTH + 50));
    expect(reason).toHaveLength(REJECTION_REASON_MAX_LENGTH);
  });
});
