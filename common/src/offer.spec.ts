import { offerState } from './offer.js';

describe(offerState.name, () => {
  it('is open through the last valid day and expired the day after', () => {
    const offer = { answer: null, validUntil: '2026-12-04' };
    expect(offerState(offer, '2026-11-20')).toBe('open');
    expect(offerState(offer, '2026-12-04')).toBe('open');
    expect(offerState(offer, '2026-12-05')).toBe('expired');
  });

  it('keeps the answer, also after the validity', () => {
    expect(offerState({ answer: 'accepted', validUntil: '2026-12-04' }, '2027-01-01')).toBe('accepted');
    expect(offerState({ answer: 'declined', validUntil: '2026-12-04' }, '2026-11-20')).toBe('declined');
  });
});
