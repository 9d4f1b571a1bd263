import type { OpeningHourRule } from '@ordering/common';
import { DATE_REQUIRED, newRule, previewWeek, SAME_TIMES, updateRule, validateRules } from './hoursRules';

const rule = (patch: Partial<OpeningHourRule>): OpeningHourRule => ({
  type: 'daily',
  date: null,
  isClosed: false,
  from: '11:00',
  to: '22:00',
  ...patch,
});

// Friday 20 November 2026, 12:00 in Vienna.
const NOW = new Date('2026-11-20T11:00:00Z');

describe('opening hours editor rules', () => {
  it('suggests the next weekday after a weekday rule, with its times', () => {
    expect(newRule(rule({ type: 'monday', from: '08:00', to: '12:00' }))).toEqual(
      rule({ type: 'tuesday', from: '08:00', to: '12:00' }),
    );
    expect(newRule()).toEqual(rule({ from: '09:00', to: '18:00' }));
  });

  it('drops the date when a once rule becomes a weekday rule', () => {
    const rules = [rule({ type: 'once', date: '2026-12-24', isClosed: true })];
    expect(updateRule(rules, 0, { type: 'sunday' })[0]).toMatchObject({ type: 'sunday', date: null });
    expect(updateRule(rules, 0, { from: '10:00' })[0]).toMatchObject({ date: '2026-12-24', from: '10:00' });
  });

  it('names every problem at its field in German', () => {
    const errors = validateRules([
      rule({ type: 'once', date: null }),
      rule({ from: '25:00', to: '9' }),
      rule({ from: '10:00', to: '10:00' }),
      rule({ from: '10:00', to: '10:00', isClosed: true }),
      rule({ from: '18:00', to: '02:00' }),
    ]);
    expect(errors).toEqual({
      '[0].date': DATE_REQUIRED,
      '[1].from': 'Dieser Wert entspricht keiner gültigen Uhrzeit.',
      '[1].to': 'Dieser Wert entspricht keiner gültigen Uhrzeit.',
      '[2].to': SAME_TIMES,
    });
  });

  it('previews the week as common reads the rules: weekday replaces daily, once wins, past midnight', () => {
    const rules = [
      rule({ type: 'daily', from: '11:00', to: '14:00' }),
      rule({ type: 'daily', from: '17:00', to: '22:00' }),
      rule({ type: 'saturday', from: '18:00', to: '02:00' }),
      rule({ type: 'sunday', isClosed: true }),
      rule({ type: 'once', date: '2026-11-24', isClosed: true }),
    ];
    const week = previewWeek(rules, NOW, 'Europe/Vienna');
    expect(week.map((d) => `${d.label}: ${d.text}`)).toEqual([
      'Freitag, 20.11.2026: 11:00–14:00, 17:00–22:00',
      'Samstag, 21.11.2026: 18:00–02:00 (Folgetag)',
      'Sonntag, 22.11.2026: geschlossen',
      'Montag, 23.11.2026: 11:00–14:00, 17:00–22:00',
      'Dienstag, 24.11.2026: geschlossen',
      'Mittwoch, 25.11.2026: 11:00–14:00, 17:00–22:00',
      'Donnerstag, 26.11.2026: 11:00–14:00, 17:00–22:00',
    ]);
  });

  it('shows a whole day as "ganztägig"', () => {
    expect(previewWeek([rule({ from: '00:00', to: '24:00' })], NOW, 'Europe/Vienna', 1)[0]!.text).toBe(
      'ganztägig',
    );
  });
});
