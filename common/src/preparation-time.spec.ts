import { defaultConfirmTime } from './preparation-time.js';

const now = new Date('2026-11-20T11:00:00Z');

describe(defaultConfirmTime.name, () => {
  it('confirms "as soon as possible" for now plus the preparation time', () => {
    expect(defaultConfirmTime(null, now, 20)?.toISOString()).toBe('2026-11-20T11:20:00.000Z');
  });

  it('keeps a requested time that leaves enough time', () => {
    const later = new Date('2026-11-20T13:00:00Z');
    expect(defaultConfirmTime(later, now, 20)).toBe(later);
  });

  it('moves a requested time that is too soon to the earliest possible', () => {
    const soon = new Date('2026-11-20T11:05:00Z');
    expect(defaultConfirmTime(soon, now, 15)?.toISOString()).toBe('2026-11-20T11:15:00.000Z');
  });

  it('without a preparation time confirms the requested time as it is', () => {
    const soon = new Date('2026-11-20T11:05:00Z');
    expect(defaultConfirmTime(soon, now, null)).toBe(soon);
    expect(defaultConfirmTime(null, now, undefined)).toBeNull();
    expect(defaultConfirmTime(null, now, 0)?.toISOString()).toBe(now.toISOString());
  });
});
