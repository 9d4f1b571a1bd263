import {
  allowedClockActions,
  type ClockStaffMember,
  localDate,
  t,
  TIME_CLOCK_PIN_PATTERN,
  type TimeClockAction,
  type TimeClockState,
  workedMinutes,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../api/ApiClient';
import { messages } from '../i18n/messages';

/** A work activity as the clock's API answers it. */
export interface ClockActivity {
  id: number;
  startedAt: string;
  endedAt: string | null;
  pauses: Array<{ start: string; end: string | null }>;
  status: 'running' | 'paused' | 'ended';
  pauseMinutes: number;
  workedMinutes: number;
}

/** A shift of the employee at this branch. */
export interface ClockSchedule {
  id: number;
  startsAt: string;
  endsAt: string;
  department: { id: number; name: string } | null;
  comment: string;
}

/** `GET …/me`: the employee, the branch, the open activity and today's minutes. */
export interface ClockMe {
  user: { id: number; username: string; firstName: string; lastName: string };
  branch: { id: number; name: string; timeZone: string };
  state: TimeClockState;
  current: ClockActivity | null;
  todayMinutes: number;
  now: string;
}

/** Seconds the confirmation stays before the clock returns to the sign-in screen. */
export const DONE_SECONDS = 6;
/** Seconds without a tap after which a signed-in employee is signed out again. */
export const IDLE_SECONDS = 45;
export const PIN_MAX_LENGTH = 8;

export const TIME_CLOCK_TEXTS = {
  title: 'Zeiterfassung',
  username: 'Benutzername',
  whoAreYou: 'Wer sind Sie?',
  pickHint: 'Tippen Sie auf Ihren Namen.',
  notListed: 'Name nicht in der Liste? Benutzername eingeben',
  backToList: 'Zurück zur Namensliste',
  back: 'Zurück',
  /** A picked tile's wrong PIN (the name is not in doubt, unlike the server's "Benutzername oder PIN"). */
  wrongPin: 'Die PIN ist falsch. Bitte noch einmal eingeben.',
  pinFor: (name: string) => `PIN für ${name}`,
  staffFailed: 'Die Namensliste konnte nicht geladen werden. Bitte den Benutzernamen eingeben.',
  noStaff:
    'Für diese Filiale ist noch niemand mit PIN eingetragen. Die Filialleitung vergibt die PINs im Back Office unter „Arbeitszeiten“.',
  pin: 'PIN',
  signIn: 'Anmelden',
  cancel: 'Abmelden',
  delete: 'Letzte Ziffer löschen',
  missingUsername: 'Bitte den Benutzernamen eingeben.',
  pinFormat: 'Die PIN besteht aus 4 bis 8 Ziffern.',
  unauthorized: 'Diese Zeiterfassung ist nicht freigeschaltet. Bitte den Link mit dem Schlüssel prüfen.',
  actions: { start: 'Kommen', pause: 'Pause', resume: 'Weiter', end: 'Gehen' } as Record<
    TimeClockAction,
    string
  >,
  states: { none: 'Nicht eingestempelt', running: 'Eingestempelt', paused: 'In Pause' } as Record<
    TimeClockState,
    string
  >,
  /** The wish below "Kommen um 08:00 Uhr gebucht." */
  wishes: {
    start: 'Einen guten Arbeitstag!',
    pause: 'Gute Erholung!',
    resume: 'Willkommen zurück!',
    end: 'Einen schönen Feierabend!',
  } as Record<TimeClockAction, string>,
};

const FAILED: Record<TimeClockAction, string> = {
  start: t('backoffice.activityStartFailed'),
  pause: t('backoffice.activityPauseFailed'),
  resume: t('backoffice.activityResumeFailed'),
  end: t('backoffice.activityEndFailed'),
};

export interface TimeClockOptions {
  branchId: string;
  apiKey: string;
  api: ApiClient;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The time clock at the staff entrance (`/zeiterfassung/{branchId}/{apiKey}`), SPEC section 3's time
 * tracking state: me, accessToken, workingSchedules, workingActivities and the current workingActivity.
 * Start sets the current activity, pause and resume replace it with the server's answer, end clears it;
 * the server decides what is allowed. After a booking (or {@link IDLE_SECONDS} without a tap) everything
 * about the employee is forgotten and the sign-in screen returns.
 */
export class TimeClockStore {
  /** The branch's staff who can clock in (the name tiles), once loaded. */
  staff: ClockStaffMember[] = [];
  staffLoaded = false;
  /** The list could not be loaded (the user name field stands in). */
  staffFailed = false;
  /** The tile tapped: the PIN is asked for this person, who is sent by id. */
  picked: ClockStaffMember | null = null;
  /** The user name is typed instead (someone not on the list, e.g. a manager of another branch). */
  typing = false;
  username = '';
  /** The PIN being typed; once signed in it is the access token of every call. */
  pin = '';
  me: TimeClockMeState | null = null;
  workingSchedules: ClockSchedule[] = [];
  workingActivities: ClockActivity[] = [];
  workingActivity: ClockActivity | null = null;
  busy = false;
  /** The shift plan and the list have answered (or failed) since the sign-in. */
  listsLoaded = false;
  error: string | null = null;
  /** A key the server refused: the screen says so instead of the sign-in. */
  unauthorized = false;
  /** The booking just made: the confirmation screen shows it until {@link DONE_SECONDS} passed. */
  done: { action: TimeClockAction; at: string } | null = null;
  nowMs: number;

  private readonly options: TimeClockOptions;
  private readonly clock: () => Date;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private resetTimer: unknown = null;
  private tickTimer: unknown = null;
  private disposed = false;
  private started = false;

  constructor(options: TimeClockOptions) {
    this.options = options;
    this.clock = options.now ?? (() => new Date());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.nowMs = this.clock().getTime();
    makeAutoObservable<
      TimeClockStore,
      'options' | 'clock' | 'setTimer' | 'clearTimer' | 'resetTimer' | 'tickTimer' | 'disposed' | 'started'
    >(this, {
      options: false,
      clock: false,
      setTimer: false,
      clearTimer: false,
      resetTimer: false,
      tickTimer: false,
      disposed: false,
      started: false,
    });
  }

  /** Signed in: the employee's screen is shown. */
  get signedIn(): boolean {
    return this.me !== null;
  }

  get state(): TimeClockState {
    if (!this.workingActivity) return 'none';
    return this.workingActivity.status === 'paused' ? 'paused' : 'running';
  }

  get allowed(): readonly TimeClockAction[] {
    return this.signedIn && !this.done ? allowedClockActions(this.state) : [];
  }

  /** "Now" on the server's clock (the tablet's own clock may be off). */
  get serverNow(): Date {
    return new Date(this.nowMs + (this.me?.serverOffsetMs ?? 0));
  }

  /** Minutes worked in the current activity up to now (ticking on screen). */
  get currentMinutes(): number {
    return this.workingActivity ? workedMinutes(this.workingActivity, this.serverNow) : 0;
  }

  /** Minutes worked today: the server's count when it answered, plus what the open activity added since. */
  get todayMinutes(): number {
    if (!this.me) return 0;
    const current = this.me.current;
    if (!current) return this.me.todayMinutes;
    const since = workedMinutes(current, this.serverNow) - workedMinutes(current, new Date(this.me.now));
    return this.me.todayMinutes + Math.max(0, since);
  }

  /** Today's shifts (in the branch's time zone). */
  get todaysSchedules(): ClockSchedule[] {
    if (!this.me) return [];
    const tz = this.me.branch.timeZone;
    const today = localDate(this.serverNow, tz);
    return this.workingSchedules.filter(
      (s) => localDate(new Date(s.startsAt), tz) === today || localDate(new Date(s.endsAt), tz) === today,
    );
  }

  /** What the sign-in screen shows: the name tiles, the PIN of a picked person, or the user name form. */
  get step(): 'names' | 'pin' | 'username' {
    if (this.picked) return 'pin';
    if (this.typing || this.staffFailed || (this.staffLoaded && this.staff.length === 0)) return 'username';
    return 'names';
  }

  /** A tile was tapped: ask for that person's PIN. */
  pick(member: ClockStaffMember): void {
    this.picked = member;
    this.typing = false;
    this.pin = '';
    this.error = null;
  }

  /** Types the user name instead of picking a tile. */
  typeUsername(): void {
    this.picked = null;
    this.typing = true;
    this.pin = '';
    this.error = null;
  }

  /** Back to the name tiles (nothing typed stays). */
  backToNames(): void {
    this.picked = null;
    this.typing = false;
    this.username = '';
    this.pin = '';
    this.error = null;
  }

  /** Loads the name tiles (`GET …/staff`); a refused key shows the screen's refusal. */
  async loadStaff(): Promise<void> {
    const { branchId, apiKey, api } = this.options;
    try {
      const staff = await api.request<ClockStaffMember[]>(
        'GET',
        `/api/time-tracking/${encodeURIComponent(branchId)}/${encodeURIComponent(apiKey)}/staff`,
        undefined,
        { redirectOnUnauthorized: false },
      );
      runInAction(() => {
        this.staff = staff;
        this.staffLoaded = true;
        this.staffFailed = false;
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError && error.status === 401 && error.errors[0]?.field === 'apiKey')
          this.unauthorized = true;
        else this.staffFailed = true;
        this.staffLoaded = true;
      });
    }
  }

  get pinComplete(): boolean {
    return TIME_CLOCK_PIN_PATTERN.test(this.pin);
  }

  setUsername(value: string): void {
    this.username = value;
    this.error = null;
  }

  pressDigit(digit: string): void {
    if (!/^\d$/.test(digit) || this.pin.length >= PIN_MAX_LENGTH || this.signedIn) return;
    this.pin += digit;
    this.error = null;
  }

  deleteDigit(): void {
    if (this.signedIn) return;
    this.pin = this.pin.slice(0, -1);
  }

  /** Starts the ticking clock (the running time on screen) and loads the name tiles. */
  start(): void {
    this.started = true;
    this.tick();
    void this.loadStaff();
  }

  dispose(): void {
    this.disposed = true;
    if (this.resetTimer) this.clearTimer(this.resetTimer);
    if (this.tickTimer) this.clearTimer(this.tickTimer);
  }

  /** Signs the employee in: `me`, then the shifts and the activities (their failures do not block). */
  async signIn(): Promise<void> {
    if (this.busy) return;
    if (!this.picked && !this.username.trim()) {
      this.error = TIME_CLOCK_TEXTS.missingUsername;
      return;
    }
    if (!this.pinComplete) {
      this.error = TIME_CLOCK_TEXTS.pinFormat;
      return;
    }
    this.busy = true;
    this.error = null;
    try {
      const me = await this.call<ClockMe>('GET', 'me');
      runInAction(() => {
        this.applyMe(me);
        this.busy = false;
      });
    } catch (error) {
      runInAction(() => {
        this.pin = '';
        this.busy = false;
        this.error =
          this.picked &&
          error instanceof ApiRequestError &&
          error.status === 401 &&
          error.errors[0]?.field === 'accessToken'
            ? TIME_CLOCK_TEXTS.wrongPin
            : this.messageOf(error, messages.unknownError);
      });
      return;
    }
    this.armIdle();
    // The buttons work at once; the shift plan and the list follow.
    await this.loadLists();
  }

  /** One booking: Kommen, Pause, Weiter or Gehen. The screen then confirms and returns to sign-in. */
  async act(action: TimeClockAction): Promise<void> {
    if (this.busy || !this.me) return;
    this.busy = true;
    this.error = null;
    try {
      const activity = await this.call<ClockActivity>('POST', `working-activities/${action}`);
      runInAction(() => {
        // Start sets the current activity, pause and resume replace it, end clears it (SPEC section 4).
        this.workingActivity = action === 'end' ? null : activity;
        this.workingActivities = [activity, ...this.workingActivities.filter((a) => a.id !== activity.id)];
        // No second call (each checks the PIN): today's minutes go on from the booked activity.
        if (this.me) this.me = { ...this.me, current: activity, state: this.state };
        this.done = {
          action,
          at: action === 'pause' ? activity.pauses.at(-1)!.start : this.stampOf(activity, action),
        };
      });
      this.armReset(DONE_SECONDS);
    } catch (error) {
      runInAction(() => (this.error = this.messageOf(error, FAILED[action])));
      this.armIdle();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Back to the sign-in screen; nothing about the employee stays on the tablet. */
  reset(): void {
    if (this.resetTimer) this.clearTimer(this.resetTimer);
    this.resetTimer = null;
    this.username = '';
    this.pin = '';
    this.me = null;
    this.workingSchedules = [];
    this.workingActivities = [];
    this.workingActivity = null;
    this.listsLoaded = false;
    this.done = null;
    this.error = null;
    this.picked = null;
    this.typing = false;
    // New colleagues or PINs appear at the next return to the tiles, without reloading the page.
    if (this.started && !this.disposed) void this.loadStaff();
  }

  /** Any tap while signed in restarts the idle countdown. */
  touch(): void {
    if (this.signedIn && !this.done) this.armIdle();
  }

  private async loadLists(): Promise<void> {
    const [schedules, activities] = await Promise.allSettled([
      this.call<ClockSchedule[]>('GET', 'working-schedules'),
      this.call<ClockActivity[]>('GET', 'working-activities'),
    ]);
    runInAction(() => {
      if (schedules.status === 'fulfilled') this.workingSchedules = schedules.value;
      else this.error = t('backoffice.workingScheduleFailed');
      if (activities.status === 'fulfilled') this.workingActivities = activities.value;
      this.listsLoaded = true;
    });
  }

  private applyMe(me: ClockMe): void {
    const answeredAt = this.clock().getTime();
    this.me = { ...me, serverOffsetMs: Date.parse(me.now) - answeredAt };
    this.workingActivity = me.current;
    this.nowMs = answeredAt;
  }

  private stampOf(activity: ClockActivity, action: TimeClockAction): string {
    if (action === 'end') return activity.endedAt ?? activity.startedAt;
    if (action === 'resume') return activity.pauses.at(-1)?.end ?? activity.startedAt;
    return activity.startedAt;
  }

  private call<T>(method: 'GET' | 'POST', path: string): Promise<T> {
    const { branchId, apiKey, api } = this.options;
    const url = `/api/time-tracking/${encodeURIComponent(branchId)}/${encodeURIComponent(apiKey)}/${path}`;
    return api.request<T>(method, url, method === 'POST' ? {} : undefined, {
      redirectOnUnauthorized: false,
      // A picked tile is sent by id (the list gives no user names); a typed name as before.
      headers: this.picked
        ? { 'X-User-Id': String(this.picked.id), 'X-Access-Token': this.pin }
        : { 'X-Username': this.username.trim(), 'X-Access-Token': this.pin },
    });
  }

  private messageOf(error: unknown, fallback: string): string {
    if (error instanceof ApiRequestError) {
      if (error.status === 401 && error.errors[0]?.field === 'apiKey') this.unauthorized = true;
      if (error.status >= 400 && error.status < 500) return error.message;
      if (error.status === 0 && fallback === messages.unknownError) return error.message;
    }
    return fallback;
  }

  private armReset(seconds: number): void {
    if (this.disposed) return;
    if (this.resetTimer) this.clearTimer(this.resetTimer);
    this.resetTimer = this.setTimer(() => this.reset(), seconds * 1000);
  }

  private armIdle(): void {
    this.armReset(IDLE_SECONDS);
  }

  private tick(): void {
    if (this.disposed) return;
    runInAction(() => (this.nowMs = this.clock().getTime()));
    this.tickTimer = this.setTimer(() => this.tick(), 1000);
  }
}

/** `me` plus how far the server's clock is ahead of the tablet's (ms). */
export type TimeClockMeState = ClockMe & { serverOffsetMs: number };
