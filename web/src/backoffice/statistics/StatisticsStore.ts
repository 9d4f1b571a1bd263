import {
  addDays,
  conversionTenths,
  DEFAULT_TIME_ZONE,
  daysBetween,
  localDate,
  STATISTICS_MAX_DAYS,
  STATISTICS_SETS,
  t,
  type StatisticsResults,
  type StatisticsSet,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';

/** The quick choices of the range (and `custom` for two dates). */
export const PRESETS = [
  ['today', 'Heute'],
  ['7d', '7 Tage'],
  ['30d', '30 Tage'],
  ['month', 'Monat'],
  ['custom', 'Benutzerdefiniert'],
] as const;
export type Preset = (typeof PRESETS)[number][0];

/** The German text of spec section 8 for a failed statistics call. */
export const STATISTICS_FAILED = t('backoffice.statisticsFailed');

/** The days of a quick choice, ending today (`month`: the current calendar month so far). */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** A real calendar day `YYYY-MM-DD` (not `2026-02-30`). */
function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/** The range and branch asked for, as the screen's URL keeps them. */
export interface StatisticsSelection {
  from: string;
  to: string;
  branchId: number | null;
}

/**
 * Reads `?from=YYYY-MM-DD&to=YYYY-MM-DD&branch=<id>` (the keys of the QR sheet's `?branch=`). A range that
 * is missing, not real days, reversed or longer than the API allows gives the default (the last 30 days);
 * a branch that is not a positive integer gives every branch. Never throws.
 */
export function parseSelection(search: string, today: string): StatisticsSelection {
  const params = new URLSearchParams(search);
  const from = params.get('from');
  const to = params.get('to');
  const branch = params.get('branch');
  const branchId = branch !== null && /^[1-9]\d{0,8}$/.test(branch) ? Number(branch) : null;
  if (isDay(from) && isDay(to) && from <= to && daysBetween(from, to) + 1 <= STATISTICS_MAX_DAYS)
    return { from, to, branchId };
  return { ...presetRange('30d', today), branchId };
}

/** The URL query of a selection: `from=…&to=…` and `&branch=…` when filtered. */
export function selectionQuery({ from, to, branchId }: StatisticsSelection): string {
  const query = new URLSearchParams({ from, to });
  if (branchId !== null) query.set('branch', String(branchId));
  return query.toString();
}

/** The quick choice a range is (today's 7 days …), or `custom`. */
export function presetOf(from: string, to: string, today: string): Preset {
  for (const [preset] of PRESETS) {
    if (preset === 'custom') continue;
    const range = presetRange(preset, today);
    if (range.from === from && range.to === to) return preset;
  }
  return 'custom';
}

export interface StatisticsStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
  now: () => Date;
}

type Results = Partial<{ [S in StatisticsSet]: StatisticsResults[S] }>;

/**
 * The statistics dashboard: range (quick choices or two dates), branch filter, and every set of
 * `GET /api/statistics/{set}` for them. One failed load adds one entry "Statistik konnte nicht geladen
 * werden." (or the server's message) with a retry; an answer that arrives after a newer request is dropped.
 */
export class StatisticsStore {
  preset: Preset = '30d';
  from: string;
  to: string;
  branchId: number | null = null;
  branches: { id: number; name: string }[] = [];
  results: Results = {};
  /** The range the shown results belong to. */
  shown: StatisticsSelection | null = null;
  /** The range and branch last asked for (what the URL shows), or null before the first load. */
  applied: StatisticsSelection | null = null;
  loading = false;
  /** A custom range that cannot be asked for, named at its field. */
  rangeError: { field: 'from' | 'to'; message: string } | null = null;
  private readonly api: ApiClient;
  private readonly errors: ErrorStore;
  private readonly now: () => Date;
  private generation = 0;

  constructor({ api, errors, now }: StatisticsStoreOptions) {
    this.api = api;
    this.errors = errors;
    this.now = now;
    const range = presetRange('30d', this.today);
    this.from = range.from;
    this.to = range.to;
    makeAutoObservable<StatisticsStore, 'api' | 'errors' | 'now' | 'generation'>(
      this,
      { api: false, errors: false, now: false, generation: false },
      { autoBind: true },
    );
  }

  /** Today in the shop's time zone. */
  get today(): string {
    return localDate(this.now(), DEFAULT_TIME_ZONE);
  }

  get orders() {
    return this.results.orders;
  }
  get revenue() {
    return this.results.revenue;
  }
  get canceled() {
    return this.results['canceled-orders'];
  }
  get visitors() {
    return this.results['unique-visitors'];
  }
  get pageViews() {
    return this.results['page-views'];
  }

  /**
   * Of the visitors counted with consent, the share who ordered, in percent with one decimal (12.5), or
   * null without such visitors. Both from the consent log: orders of visitors without consent count in
   * neither figure (dividing all orders by the consenting visitors gave "750 %"). Whole shop.
   */
  get conversionRate(): number | null {
    const conversion = this.results.conversion;
    if (!conversion) return null;
    const tenths = conversionTenths(conversion.buyers, conversion.visitors);
    return tenths === null ? null : tenths / 10;
  }

  /** Planned and worked minutes per person, the people of both sets together. */
  get workingTime(): {
    userId: number;
    name: string;
    planned: number;
    worked: number;
    absenceDays: number;
  }[] {
    const people = new Map<
      number,
      { userId: number; name: string; planned: number; worked: number; absenceDays: number }
    >();
    const person = (userId: number, name: string) =>
      people.get(userId) ??
      people.set(userId, { userId, name, planned: 0, worked: 0, absenceDays: 0 }).get(userId)!;
    for (const s of this.results['working-schedules']?.byUser ?? [])
      person(s.userId, s.name).planned += s.minutes;
    for (const a of this.results['working-activities']?.byUser ?? []) {
      const p = person(a.userId, a.name);
      p.worked += a.minutes;
      p.absenceDays += a.holidayDays + a.sickDays;
    }
    return [...people.values()].sort(
      (a, b) => b.worked - a.worked || b.planned - a.planned || a.name.localeCompare(b.name),
    );
  }

  /** The URL query of what was last asked for, or null before the first load. */
  get query(): string | null {
    return this.applied ? selectionQuery(this.applied) : null;
  }

  /**
   * Takes the range and branch from the URL's query and loads them, unless they are what was asked for
   * last. An empty query keeps what the store has (coming back to the screen), or loads the default.
   * Bad values fall back to the default; a branch that is not in the list (once loaded) to every branch.
   */
  async applyQuery(search: string): Promise<void> {
    const empty = new URLSearchParams(search).toString() === '';
    if (empty && this.applied) return;
    const wanted = parseSelection(search, this.today);
    if (wanted.branchId !== null) {
      if (this.branches.length === 0) await this.loadBranches();
      if (this.branches.length > 0 && !this.branches.some((b) => b.id === wanted.branchId))
        wanted.branchId = null;
    }
    const applied = this.applied;
    if (
      applied &&
      applied.from === wanted.from &&
      applied.to === wanted.to &&
      applied.branchId === wanted.branchId
    )
      return;
    runInAction(() => {
      this.from = wanted.from;
      this.to = wanted.to;
      this.branchId = wanted.branchId;
      this.preset = presetOf(wanted.from, wanted.to, this.today);
      this.rangeError = null;
    });
    await this.load();
  }

  /** Chooses a quick range and loads it. */
  async choose(preset: Preset): Promise<void> {
    this.preset = preset;
    this.rangeError = null;
    if (preset === 'custom') return; // the dates stay; "Anzeigen" loads them
    const range = presetRange(preset, this.today);
    this.from = range.from;
    this.to = range.to;
    await this.load();
  }

  setFrom(value: string): void {
    this.from = value;
    this.preset = 'custom';
    this.rangeError = null;
  }

  setTo(value: string): void {
    this.to = value;
    this.preset = 'custom';
    this.rangeError = null;
  }

  async setBranch(id: number | null): Promise<void> {
    this.branchId = id;
    await this.load();
  }

  /** Checks a custom range before asking the server (which checks the same). */
  private checkRange(): boolean {
    const date = /^\d{4}-\d{2}-\d{2}$/;
    if (!date.test(this.from))
      this.rangeError = { field: 'from', message: 'Bitte ein gültiges Datum angeben.' };
    else if (!date.test(this.to))
      this.rangeError = { field: 'to', message: 'Bitte ein gültiges Datum angeben.' };
    else if (this.to < this.from)
      this.rangeError = { field: 'to', message: 'Das Enddatum darf nicht vor dem Startdatum liegen.' };
    else if (daysBetween(this.from, this.to) + 1 > STATISTICS_MAX_DAYS)
      this.rangeError = {
        field: 'to',
        message: `Der Zeitraum darf höchstens ${STATISTICS_MAX_DAYS} Tage umfassen.`,
      };
    else this.rangeError = null;
    return this.rangeError === null;
  }

  /** The branches for the filter (`GET /api/branches`); without them the filter offers only "Alle". */
  async loadBranches(): Promise<void> {
    try {
      const list = await this.api.get<{ id: number; name: string }[]>('/api/branches?limit=100');
      runInAction(
        () =>
          (this.branches = list
            .map((b) => ({ id: b.id, name: b.name }))
            .sort((a, b) => a.name.localeCompare(b.name, 'de'))),
      );
    } catch {
      // The figures do not depend on the list; the filter stays at "Alle Filialen".
    }
  }

  /** Loads every set for the current range and branch. */
  async load(): Promise<void> {
    if (!this.checkRange()) return;
    const generation = ++this.generation;
    const query = new URLSearchParams({ from: this.from, to: this.to });
    if (this.branchId !== null) query.set('branchId', String(this.branchId));
    const asked = { from: this.from, to: this.to, branchId: this.branchId };
    this.applied = asked;
    this.loading = true;
    const answers = await this.errors.run(
      STATISTICS_FAILED,
      () =>
        Promise.all(
          STATISTICS_SETS.map(
            async (set) => [set, await this.api.get(`/api/statistics/${set}?${query}`)] as const,
          ),
        ),
      { retry: () => this.load() },
    );
    runInAction(() => {
      if (generation !== this.generation) return; // a newer request is on its way
      this.loading = false;
      if (!answers) return;
      this.results = Object.fromEntries(answers) as Results;
      this.shown = asked;
    });
  }
}
