import {
  addDays,
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
  shown: { from: string; to: string; branchId: number | null } | null = null;
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

  /** Orders per 100 visitors, or null without visitors (and when a branch filter makes it meaningless). */
  get conversionRate(): number | null {
    const visitors = this.visitors?.total ?? 0;
    if (!visitors || this.shown?.branchId !== null || !this.orders) return null;
    return Math.round((this.orders.total / visitors) * 1000) / 10;
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
