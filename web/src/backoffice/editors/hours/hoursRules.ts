import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatIsoDate,
  formatTime,
  localDate,
  mergeIntervals,
  OPENING_HOUR_RULE_TYPES,
  parseTimeOfDay,
  ruleWindow,
  t,
  WEEKDAY_NAMES_DE,
  weekdayOf,
  windowsStartingOn,
  type IsoDate,
  type OpeningHourRule,
  type OpeningHourRuleType,
} from '@ordering/common';

/** The German names of the rule types, as the select shows them. */
export const RULE_TYPE_LABELS: Readonly<Record<OpeningHourRuleType, string>> = {
  once: 'Einmalig (Datum)',
  daily: 'Täglich',
  monday: 'Montag',
  tuesday: 'Dienstag',
  wednesday: 'Mittwoch',
  thursday: 'Donnerstag',
  friday: 'Freitag',
  saturday: 'Samstag',
  sunday: 'Sonntag',
};

export const DATE_REQUIRED = 'Bitte ein Datum für die einmalige Regel angeben.';
export const SAME_TIMES = 'Von und Bis sind gleich: Diese Regel öffnet nie. Bitte „Geschlossen“ wählen.';

/** A new rule: after a weekday rule the next weekday, otherwise daily 09:00–18:00. */
export function newRule(previous?: OpeningHourRule): OpeningHourRule {
  if (previous && previous.type !== 'once' && previous.type !== 'daily') {
    const index = OPENING_HOUR_RULE_TYPES.indexOf(previous.type);
    const next = OPENING_HOUR_RULE_TYPES[Math.min(index + 1, OPENING_HOUR_RULE_TYPES.length - 1)]!;
    return { type: next, date: null, isClosed: false, from: previous.from, to: previous.to };
  }
  return { type: 'daily', date: null, isClosed: false, from: '09:00', to: '18:00' };
}

/** Changes one field of one rule (a new list); `once` keeps or needs a date, other types drop it. */
export function updateRule(
  rules: readonly OpeningHourRule[],
  index: number,
  patch: Partial<OpeningHourRule>,
): OpeningHourRule[] {
  return rules.map((rule, i) => {
    if (i !== index) return rule;
    const next = { ...rule, ...patch };
    if (next.type !== 'once') next.date = null;
    return next;
  });
}

const isIsoDate = (value: unknown): value is IsoDate =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The problems of the rules, keyed like the server's field errors relative to the field (`[0].from`): the
 * same checks as the branch API (type, date of a `once` rule, `HH:MM` times), plus an open rule whose
 * times are equal, which common's rules read as "never open".
 */
export function validateRules(rules: readonly OpeningHourRule[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rules.forEach((rule, i) => {
    if (!OPENING_HOUR_RULE_TYPES.includes(rule.type)) errors[`[${i}].type`] = t('validation.choice');
    if (rule.type === 'once' && !isIsoDate(rule.date)) errors[`[${i}].date`] = DATE_REQUIRED;
    for (const field of ['from', 'to'] as const) {
      const minutes = parseTimeOfDay(rule[field]);
      if (!/^\d{2}:\d{2}$/.test(rule[field] ?? '') || minutes === null || minutes > 1440)
        errors[`[${i}].${field}`] = t('validation.time');
    }
    if (
      !rule.isClosed &&
      !errors[`[${i}].from`] &&
      !errors[`[${i}].to`] &&
      ruleWindow(rule) === null &&
      rule.from === rule.to
    )
      errors[`[${i}].to`] = SAME_TIMES;
  });
  return errors;
}

/** One day of the preview: its date, weekday and the resulting openings ("geschlossen" when none). */
export interface PreviewDay {
  date: IsoDate;
  label: string;
  text: string;
}

/**
 * What the rules mean for the next `days` days from `now`, computed with common's opening-hours rules
 * (the same the storefront and the order checks use): windows merged, times in the branch's zone.
 */
export function previewWeek(
  rules: readonly OpeningHourRule[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  days = 7,
): PreviewDay[] {
  const today = localDate(now, timeZone);
  const hours = { rules: [...rules], timeZone };
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i);
    const windows = mergeIntervals(windowsStartingOn(hours, date));
    const text =
      windows.length === 0
        ? 'geschlossen'
        : windows
            .map((w) => {
              if (
                w.end.getTime() - w.start.getTime() >= 23 * 3600_000 &&
                formatTime(w.start, timeZone) === '00:00'
              )
                return 'ganztägig';
              const nextDay = localDate(w.end, timeZone) !== date && formatTime(w.end, timeZone) !== '00:00';
              return `${formatTime(w.start, timeZone)}–${formatTime(w.end, timeZone)}${nextDay ? ' (Folgetag)' : ''}`;
            })
            .join(', ');
    return { date, label: `${WEEKDAY_NAMES_DE[weekdayOf(date)]}, ${formatIsoDate(date)}`, text };
  });
}
