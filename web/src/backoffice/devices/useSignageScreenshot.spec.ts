import { takenCaption } from './useSignageScreenshot';

describe(takenCaption.name, () => {
  it('names the time alone when the picture is from today', () => {
    const taken = new Date(2026, 10, 27, 14, 5, 30);
    expect(takenCaption(taken.toISOString(), new Date(2026, 10, 27, 18, 0))).toBe('Aufgenommen um 14:05');
  });

  it('adds the date when it is from another day', () => {
    const taken = new Date(2026, 10, 26, 9, 7);
    expect(takenCaption(taken.toISOString(), new Date(2026, 10, 27, 8, 0))).toBe(
      'Aufgenommen am 26.11.2026 um 09:07',
    );
  });
});
