import { isoDate, type IsoDate } from '@ordering/common';

/**
 * German dates and times for the back office's inputs, whatever the browser's language: `TT.MM.JJJJ` and
 * `HH:MM` (24 hours). Native `date`/`datetime-local` inputs follow the browser's locale (`12/24/2026`,
 * `AM/PM`), so the inputs are text fields that parse these formats.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-12-24` → `24.12.2026`; '' for no or a malformed value. */
export function formatGermanDate(date: string | null | undefined): string {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/**
 * `24.12.2026`, `24.12.26`, `1.3.2026` (also with `-` or `/`, or eight digits `24122026`) → `2026-12-24`;
 * null for '' (no date), undefined for text that is no valid calendar date (31.02.2026).
 */
export function parseGermanDate(text: string): IsoDate | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match =
    /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return undefined;
  const date = isoDate(year, month, day);
  // 31.02. rolls over: not a day of that month.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day ? date : undefined;
}

/** `9:30`, `09:30`, `9.30`, `0930` → `09:30`; null for '', undefined for no time of day (24:00, 9:75). */
export function parseGermanTime(text: string): string | null | undefined {
  const trimmed = text.trim().replace(/\s*uhr$/i, '');
  if (trimmed === '') return null;
  const match = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(trimmed) ?? /^(\d{2})(\d{2})$/.exec(trimmed);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59) return undefined;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** An instant (ISO 8601) as the date and time of the browser's clock: `{ date: '2026-12-24', time: '18:30' }`. */
export function splitInstant(iso: unknown): { date: IsoDate; time: string } | null {
  if (typeof iso !== 'string' || iso === '') return null;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return {
    date: isoDate(instant.getFullYear(), instant.getMonth() + 1, instant.getDate()),
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** A date and time of the browser's clock as an instant (ISO 8601, what the API takes). */
export function joinInstant(date: IsoDate, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(year, month - 1, day, hours, minutes).toISOString();
}

/** The German message of a date that could not be read, naming the field. */
export const dateProblem = (label: string) =>
  `${label}: Bitte ein Datum im Format TT.MM.JJJJ eingeben (z. B. 24.12.2026).`;

/** The German message of a time that could not be read, naming the field. */
export const timeProblem = (label: string) =>
  `${label}: Bitte eine Uhrzeit im Format HH:MM eingeben (24 Stunden, z. B. 18:30).`;

/** The German message of a date-time with only one of its two parts. */
export const partProblem = (label: string, missing: 'date' | 'time') =>
  missing === 'date'
    ? `${label}: Bitte auch das Datum angeben (TT.MM.JJJJ).`
    : `${label}: Bitte auch die Uhrzeit angeben (HH:MM).`;
