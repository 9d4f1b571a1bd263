import {
  appointmentDateLabel,
  availableDays,
  branchTimeZone,
  dayChipLabel,
  earliestAppointment,
  formatTime,
  groupByPartOfDay,
  hoursForOrderType,
  localDate,
  slotChoices,
  DEFAULT_SLOT_MINUTES,
  translator,
  type AppointmentWindow,
  type AvailableDay,
  type Branch,
  type IsoDate,
  type Product,
  type SlotChoice,
  type SlotGroup,
  type TextLanguage,
} from '@ordering/common';

import { computed, makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../../api/ApiClient';
import type { CartStore } from '../CartStore';
import type { ClockStore } from '../ClockStore';
import type { InitDataStore } from '../InitDataStore';

/** A day chip: its date (null: "So bald wie möglich") and its two lines. */
export interface DayChoice {
  date: IsoDate | null;
  name: string;
  dateLabel: string;
}

/**
 * The checkout's date and time (spec section 4): the bookable days (the server's availability, else the
 * hours of the order type), the day chips and the time buttons of the slot grid. The chosen time lives in
 * the cart's order draft. Used by the storefront's and the kiosk's checkout alike.
 */
export class AppointmentChoice {
  /** The server's bookable days (`GET /api/branches/{id}/availability`) for {@link availabilityKey}. */
  availability: {
    key: string;
    days: AvailableDay[];
    /** Per date, the times whose slot is full (shown as full, not choosable). */
    full: Record<IsoDate, AppointmentWindow[]>;
    slotMinutes: number;
  } | null = null;

  constructor(
    private readonly data: InitDataStore,
    private readonly cart: CartStore,
    private readonly clock: ClockStore,
    private readonly api: ApiClient,
    /** The branch's closed notice for the order type (none: it takes orders now). */
    private readonly closedNotice: () => string[],
    /** A time was chosen (the checkout clears the server's error at the field). */
    private readonly onChoice: () => void = () => undefined,
  ) {
    makeAutoObservable<AppointmentChoice, 'data' | 'cart' | 'clock' | 'api' | 'closedNotice' | 'onChoice'>(
      this,
      {
        data: false,
        cart: false,
        clock: false,
        api: false,
        closedNotice: false,
        onChoice: false,
        // The earliest time moves in 5-minute steps: the bookable days (about 0.1 s for 180 days) are
        // computed again only then, not at every tick of the clock.
        earliestAppointment: computed({ equals: (a: Date, b: Date) => a.getTime() === b.getTime() }),
      },
      { autoBind: true },
    );
  }

  private get branch(): Branch | null {
    return this.cart.branch;
  }

  private get orderType() {
    return this.cart.orderType;
  }

  /** The catalogue's products of the cart's lines (their lead times). */
  get cartProducts(): Product[] {
    return this.cart.items
      .map((item) => this.cart.productOf(item))
      .filter((product): product is Product => !!product);
  }

  get earliestAppointment(): Date {
    return earliestAppointment({
      now: this.clock.now,
      products: this.cartProducts,
      timeZone: branchTimeZone(this.branch),
      orderableFrom: this.branch?.orderableFrom,
    });
  }

  /**
   * Bookable days: the server's availability (hours, lead times and slot capacity) once loaded for this
   * branch, order type and cart, clipped to the moving earliest time; until then (or offline) the hours of
   * the order type as common computes them.
   */
  get availableDays(): AvailableDay[] {
    if (!this.branch) return [];
    const earliest = this.earliestAppointment;
    const server = this.availability;
    if (server && server.key === this.availabilityKey)
      return server.days
        .map((day) => ({
          date: day.date,
          windows: day.windows
            .filter((w) => w.to.getTime() >= earliest.getTime())
            .map((w) => (w.from < earliest ? { from: earliest, to: w.to } : w)),
        }))
        .filter((day) => day.windows.length > 0);
    return availableDays(hoursForOrderType(this.branch, this.orderType), earliest);
  }

  /** What the availability depends on: branch, order type and the cart's products (their lead times). */
  get availabilityKey(): string | null {
    const branch = this.branch;
    if (!branch) return null;
    const products = [...new Set(this.cart.items.map((item) => item.product.id))].sort((a, b) => a - b);
    return `${branch.id}/${this.orderType}/${products.join(',')}`;
  }

  /** Asks the server for the bookable days (again when `force`); a failure keeps the local computation. */
  async loadAvailability(force = false): Promise<void> {
    const key = this.availabilityKey;
    const branch = this.branch;
    if (!key || !branch || (!force && this.availability?.key === key)) return;
    const [, type, products] = key.split('/');
    const query = new URLSearchParams({ type: type!, ...(products ? { products } : {}) });
    try {
      type Windows = { from: string; to: string }[];
      const answer = await this.api.get<{
        slotMinutes?: number;
        days: { date: IsoDate; windows: Windows; full?: Windows }[];
      }>(`/api/branches/${branch.id}/availability?${query.toString()}`, { redirectOnUnauthorized: false });
      const windows = (list: Windows = []) =>
        list.map((w) => ({ from: new Date(w.from), to: new Date(w.to) }));
      const days = answer.days.map((day) => ({ date: day.date, windows: windows(day.windows) }));
      const full = Object.fromEntries(answer.days.map((day) => [day.date, windows(day.full)]));
      const slotMinutes = answer.slotMinutes ?? DEFAULT_SLOT_MINUTES;
      runInAction(() => (this.availability = { key, days, full, slotMinutes }));
    } catch {
      // Offline or refused: the hours-based days stay; the server checks the appointment on submit.
    }
  }

  get appointment(): Date | null {
    const iso = this.cart.appointmentDate;
    const date = iso ? new Date(iso) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  }

  get appointmentDay(): IsoDate | null {
    const appointment = this.appointment;
    if (!appointment) return null;
    return localDate(appointment, branchTimeZone(this.branch));
  }

  /** The date label: Heute, Morgen, the date; "So bald wie möglich" or "Keine Angabe" without one. */
  dayLabel(date: IsoDate | null): string {
    const zone = branchTimeZone(this.branch);
    const day = date ? this.availableDays.find((candidate) => candidate.date === date) : null;
    const instant = day ? day.windows[0].from : null;
    return appointmentDateLabel(instant, this.clock.now, zone, !!this.branch?.isAppointmentRequired);
  }

  /** Choosing a day takes its first free time (a day chosen again keeps its time); no day means "as soon as possible". */
  chooseDay(date: IsoDate | null): void {
    if (date !== null && date === this.appointmentDay) return;
    const first = date ? this.slotsOf(date).find((slot) => !slot.isFull) : undefined;
    this.cart.setAppointmentDate(first ? first.time.toISOString() : null);
    this.onChoice();
  }

  /** The time button's label: "11:30 Uhr", or "–" without an appointment. */
  get timeLabel(): string {
    const appointment = this.appointment;
    return appointment ? `${formatTime(appointment, branchTimeZone(this.branch))} Uhr` : '–';
  }

  /** "So bald wie möglich" is offered first while the branch takes orders now and needs no appointment. */
  get offersAsap(): boolean {
    return !!this.branch && !this.branch.isAppointmentRequired && this.closedNotice().length === 0;
  }

  /** The day chips: "So bald wie möglich" (date null) where offered, then the bookable days. */
  get dayChoices(): DayChoice[] {
    return this.dayChoicesIn('de');
  }

  /** {@link dayChoices} in a language (the kiosk's English face). */
  dayChoicesIn(language: TextLanguage): DayChoice[] {
    const today = localDate(this.clock.now, branchTimeZone(this.branch));
    const days = this.availableDays.map((day) => {
      const label = dayChipLabel(day.date, today, language);
      return { date: day.date as IsoDate | null, name: label.name, dateLabel: label.date };
    });
    const asap = { date: null, name: translator(language)('appointment.asap'), dateLabel: '' };
    return this.offersAsap ? [asap, ...days] : days;
  }

  /** The chosen day's times as buttons (full slots marked), grouped by part of the day. */
  get slotGroups(): SlotGroup[] {
    return this.slotGroupsIn('de');
  }

  /** {@link slotGroups} in a language. */
  slotGroupsIn(language: TextLanguage): SlotGroup[] {
    const date = this.appointmentDay;
    return date ? groupByPartOfDay(this.slotsOf(date), branchTimeZone(this.branch), language) : [];
  }

  /** A day's time buttons: its windows on the slot grid, with the server's full slots marked. */
  private slotsOf(date: IsoDate): SlotChoice[] {
    const day = this.availableDays.find((candidate) => candidate.date === date);
    if (!day) return [];
    const server = this.availability?.key === this.availabilityKey ? this.availability : null;
    const earliest = this.earliestAppointment.getTime();
    const full = (server?.full[date] ?? []).filter((w) => w.to.getTime() >= earliest);
    return slotChoices(
      day.windows,
      full,
      server?.slotMinutes ?? DEFAULT_SLOT_MINUTES,
      branchTimeZone(this.branch),
    );
  }

  /** One tap on a time button chooses it (a full one is not choosable). */
  chooseSlot(slot: SlotChoice): void {
    if (!slot.isFull) this.chooseTime(slot.time.toISOString());
  }

  chooseTime(iso: string): void {
    this.cart.setAppointmentDate(iso);
    this.onChoice();
  }
}
