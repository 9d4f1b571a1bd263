import { addDays, type IsoDate, localDate, t } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';

/** One employee's week from `GET /api/time-sheets/working-time`. */
export interface WorkingWeekRow {
  user: { id: number; username: string; firstName: string; lastName: string };
  /** Whole minutes worked, Monday to Sunday. */
  days: number[];
  totalMinutes: number;
  openActivities: number;
}

/** One user's holiday balance of a year from `GET /api/time-sheets/holiday-balances`. */
export interface HolidayBalanceRow {
  id: number | null;
  user: { id: number; username: string; firstName: string; lastName: string };
  year: number;
  entitlementDays: number;
  carriedOverDays: number;
  takenDays: number;
  remainingDays: number;
}

export const WORKING_TIME_FAILED = 'Arbeitszeiten konnten nicht geladen werden.';
export const HOLIDAY_BALANCE_SAVE_FAILED = 'Urlaubskonto konnte nicht gespeichert werden.';

/** What staff change on a holiday balance: the year's entitlement and the days carried over. */
export interface HolidayBalanceChange {
  entitlementDays: number;
  carriedOverDays: number;
}

/** A failed save: the German message and the field the server named (if any). */
export interface HolidayBalanceError {
  message: string;
  field: string | null;
}

/**
 * Reads a number of days as people type it: "25", "2,5" or "-1.5"; null when it is not a number (the
 * server checks the range and the half days and names the field).
 */
export function parseDays(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/**
 * The time sheets above the activity list: the working time of a week per employee and day, and the
 * holiday balances of the week's year. Both come from the server, which counts them (pauses excluded).
 */
export class TimeSheetStore {
  /** A day of the shown week (the server answers with its Monday). */
  week: IsoDate;
  days: IsoDate[] = [];
  rows: WorkingWeekRow[] = [];
  balances: HolidayBalanceRow[] = [];
  loading = false;
  weekError: string | null = null;
  balancesError: string | null = null;

  constructor(
    private readonly api: ApiClient,
    now: Date = new Date(),
  ) {
    this.week = localDate(now, 'Europe/Vienna');
    makeAutoObservable<TimeSheetStore, 'api'>(this, { api: false });
  }

  get year(): number {
    return Number((this.days[0] ?? this.week).slice(0, 4));
  }

  async load(): Promise<void> {
    this.loading = true;
    const [week, balances] = await Promise.allSettled([
      this.api.get<{ week: IsoDate; days: IsoDate[]; rows: WorkingWeekRow[] }>(
        `/api/time-sheets/working-time?week=${this.week}`,
      ),
      this.api.get<HolidayBalanceRow[]>(`/api/time-sheets/holiday-balances?year=${this.week.slice(0, 4)}`),
    ]);
    runInAction(() => {
      this.loading = false;
      if (week.status === 'fulfilled') {
        this.week = week.value.week;
        this.days = week.value.days;
        this.rows = week.value.rows;
        this.weekError = null;
      } else this.weekError = WORKING_TIME_FAILED;
      if (balances.status === 'fulfilled') {
        this.balances = balances.value;
        this.balancesError = null;
      } else this.balancesError = t('backoffice.holidayBalancesFailed');
    });
  }

  /**
   * Saves a balance's entitlement and carried-over days (`PUT /api/holiday-balances/{id}`, or `POST` for a
   * user who has none this year yet) and reloads the sheet, so the remaining days are the server's count
   * again. Answers null when saved, else the error to show at the field.
   */
  async saveBalance(
    row: HolidayBalanceRow,
    change: HolidayBalanceChange,
  ): Promise<HolidayBalanceError | null> {
    const body = { user: { id: row.user.id }, year: row.year, ...change };
    try {
      if (row.id === null) await this.api.post('/api/holiday-balances', body);
      else await this.api.put(`/api/holiday-balances/${row.id}`, body);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 0)
        return { message: error.errors[0]!.message, field: error.errors[0]!.field ?? null };
      return { message: HOLIDAY_BALANCE_SAVE_FAILED, field: null };
    }
    await this.load();
    return null;
  }

  /** Shows the week before (−1) or after (+1). */
  async moveWeek(direction: -1 | 1): Promise<void> {
    this.week = addDays(this.week, 7 * direction);
    await this.load();
  }
}
