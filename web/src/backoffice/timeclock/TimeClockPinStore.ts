import { TIME_CLOCK_PIN_PATTERN, type ClockPinHolder } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { type ApiClient, ApiRequestError } from '../../api/ApiClient';

/** A user whose clock PIN the signed-in manager may set, from `GET /api/time-tracking/pins`. */
export type PinHolder = ClockPinHolder;

export const PIN_LIST_FAILED = 'PINs für die Zeiterfassung konnten nicht geladen werden.';
export const PIN_FORMAT = 'Die PIN muss aus 4 bis 8 Ziffern bestehen.';

/**
 * The managers' list of PINs for the time clock (above the activity list): who has one, and setting or
 * removing one person's PIN (`PUT /api/time-tracking/pins/{id}`). The PIN is never shown again.
 */
export class TimeClockPinStore {
  rows: PinHolder[] = [];
  loading = false;
  listError: string | null = null;
  /** The person whose PIN is being set. */
  selectedId: number | null = null;
  pin = '';
  busy = false;
  error: string | null = null;
  done: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<TimeClockPinStore, 'api'>(this, { api: false });
  }

  get selected(): PinHolder | null {
    return this.rows.find((r) => r.id === this.selectedId) ?? null;
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const rows = await this.api.get<PinHolder[]>('/api/time-tracking/pins');
      runInAction(() => {
        this.rows = rows;
        this.listError = null;
      });
    } catch {
      runInAction(() => {
        this.listError = PIN_LIST_FAILED;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  select(id: number | null): void {
    this.selectedId = id;
    this.pin = '';
    this.error = null;
    this.done = null;
  }

  /** Digits only, at most 8. */
  setPin(value: string): void {
    this.pin = value.replace(/\D/g, '').slice(0, 8);
  }

  /** Sets the typed PIN (or, with null, removes the PIN) of the selected person. */
  async save(value: string | null): Promise<void> {
    const person = this.selected;
    if (!person) return;
    this.done = null;
    if (value !== null && !TIME_CLOCK_PIN_PATTERN.test(value)) {
      this.error = PIN_FORMAT;
      return;
    }
    this.busy = true;
    this.error = null;
    try {
      const answer = await this.api.put<{ hasPin: boolean }>(`/api/time-tracking/pins/${person.id}`, {
        pin: value,
      });
      runInAction(() => {
        person.hasPin = answer.hasPin;
        this.pin = '';
        this.done =
          value === null
            ? `PIN von ${nameOf(person)} entfernt: keine Anmeldung an der Zeiterfassung mehr.`
            : `PIN von ${nameOf(person)} gespeichert.`;
      });
    } catch (e) {
      runInAction(() => {
        this.error =
          e instanceof ApiRequestError
            ? (e.messageFor('pin') ?? e.message)
            : 'PIN konnte nicht gespeichert werden.';
      });
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}

export const nameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;
