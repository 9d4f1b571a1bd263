import { makeAutoObservable, reaction, runInAction } from 'mobx';

export const ACK_STORAGE_KEY = 'backoffice.acknowledgedOrders';
/** This device's answer to "Ton aktivieren": `on` (asked once, remembered) or `off` (silent on purpose). */
export const SOUND_STORAGE_KEY = 'backoffice.alarmSound';
/** How long the silent unlock after a page load may take before the board asks for a click. */
const SILENT_UNLOCK_MS = 1_000;
/** How many acknowledged ids are kept (oldest dropped): far more than a day of orders. */
const KEEP_IDS = 1000;
/** The alarm pattern repeats this often while an order is unacknowledged. */
export const RING_EVERY_MS = 4_000;

/** Plays the alarm; `unlock` runs inside the click that allows audio. */
export interface Beeper {
  unlock(): Promise<boolean> | boolean;
  ring(): void;
}

/** The part of `BroadcastChannel` the alarm uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** Where the alarm learns of other tabs: the `storage` event of the window. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

export interface AlarmStoreOptions {
  /** The unconfirmed orders on the board (ids); the alarm rings for those not acknowledged. */
  newOrderIds: () => number[];
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  channel?: ChannelLike | null;
  events?: StorageEvents | null;
  beeper?: Beeper | null;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** Told of orders that start ringing (browser notifications while the tab is in the background). */
  notify?: (ids: number[]) => void;
  /**
   * The board runs as a front-desk device whose settings are still on their way: no sound and no
   * "Ton aktivieren" until {@link AlarmStore.applyDeviceSound} says whether this terminal plays one.
   */
  awaitDeviceSound?: boolean;
}

/**
 * The new-order alarm: every unconfirmed order rings and flashes until someone acknowledges it (or it is
 * confirmed). Acknowledged ids are kept in localStorage and told to other tabs, so a reload or a second
 * screen does not ring again. Sound needs one click ("Ton aktivieren") per device where browsers require
 * it; the choice is remembered and a reload plays again without asking where the browser allows it.
 */
export class AlarmStore {
  acknowledged = new Set<number>();
  /** Sound plays (allowed by a click, or by a browser or the desktop app that needs none). */
  soundEnabled = false;
  /** This device's remembered choice; null: never asked. */
  soundPreference: 'on' | 'off' | null = null;
  /**
   * The front-desk device's `notificationSound`: false, this terminal is silent by its settings (no sound,
   * no question for it); null, its settings are awaited; true (also without a device), sound as chosen here.
   */
  deviceSound: boolean | null = true;

  private readonly options: AlarmStoreOptions;
  private ringTimer: unknown = null;
  private readonly stop: Array<() => void> = [];

  constructor(options: AlarmStoreOptions) {
    this.options = options;
    this.acknowledged = new Set(this.readStored());
    this.soundPreference = this.readPreference();
    if (options.awaitDeviceSound) this.deviceSound = null;
    makeAutoObservable<AlarmStore, 'options' | 'ringTimer' | 'stop'>(
      this,
      { options: false, ringTimer: false, stop: false },
      { autoBind: true },
    );
    const { channel, events } = options;
    if (channel) {
      channel.onmessage = (event) => this.merge(event.data);
      this.stop.push(() => channel.close());
    }
    if (events) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === ACK_STORAGE_KEY) this.merge(this.readStored());
      };
      events.addEventListener('storage', onStorage);
      this.stop.push(() => events.removeEventListener('storage', onStorage));
    }
    this.stop.push(
      reaction(
        () => this.soundEnabled && this.deviceSound === true && this.alarming.length > 0,
        (ring) => (ring ? this.startRinging() : this.stopRinging()),
        { fireImmediately: true },
      ),
    );
    let known = new Set(this.alarming);
    this.stop.push(
      reaction(
        () => this.alarming,
        (ids) => {
          const fresh = ids.filter((id) => !known.has(id));
          known = new Set(ids);
          if (fresh.length > 0) options.notify?.(fresh);
        },
      ),
    );
    // Asked once per device: a reload tries to play again without a click (the desktop app and
    // browsers that allow it); where the browser wants a click, the board shows its blocking bar.
    if (this.soundPreference === 'on' && this.deviceSound === true) void this.unlockSilently();
  }

  /** Sound is wanted on this device but the browser waits for a click: the blocking "Ton aktivieren" bar. */
  get needsSoundClick(): boolean {
    return (
      !!this.options.beeper &&
      this.deviceSound === true &&
      !this.soundEnabled &&
      this.soundPreference !== 'off'
    );
  }

  /** Sound can be switched on here: not a front-desk terminal whose settings say silent (or are awaited). */
  get soundPossible(): boolean {
    return this.deviceSound === true;
  }

  /**
   * The front-desk device's setting "Ton bei neuen Bestellungen" (`notificationSound`, on by default): off
   * stops the sound at once and never asks for it; on again plays as this browser allows.
   */
  applyDeviceSound(on: boolean): void {
    const was = this.deviceSound;
    this.deviceSound = on;
    if (on && was !== true && this.soundPreference === 'on' && !this.soundEnabled) {
      void this.unlockSilently();
    }
  }

  private async unlockSilently(): Promise<void> {
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SILENT_UNLOCK_MS));
    const ok = await Promise.race([Promise.resolve(this.options.beeper?.unlock() ?? false), timeout]);
    runInAction(() => {
      if (ok) this.soundEnabled = true;
    });
  }

  /** Ids of the orders that ring now. */
  get alarming(): number[] {
    return this.options.newOrderIds().filter((id) => !this.acknowledged.has(id));
  }

  get isRinging(): boolean {
    return this.alarming.length > 0;
  }

  isAlarming(id: number): boolean {
    return this.alarming.includes(id);
  }

  /** The click that allows audio in the browser; plays the pattern once as a test. */
  async enableSound(): Promise<void> {
    if (this.deviceSound !== true) return;
    const ok = (await this.options.beeper?.unlock()) ?? false;
    runInAction(() => {
      this.soundEnabled = ok;
      if (ok) this.setPreference('on');
    });
    if (ok) this.options.beeper?.ring();
  }

  /** Silent on purpose: remembered, so the blocking bar does not come back on this device. */
  disableSound(): void {
    this.soundEnabled = false;
    this.setPreference('off');
  }

  private setPreference(value: 'on' | 'off'): void {
    this.soundPreference = value;
    try {
      this.options.storage?.setItem(SOUND_STORAGE_KEY, value);
    } catch {
      // Private mode: asked again after a reload.
    }
  }

  private readPreference(): 'on' | 'off' | null {
    try {
      const value = this.options.storage?.getItem(SOUND_STORAGE_KEY);
      return value === 'on' || value === 'off' ? value : null;
    } catch {
      return null;
    }
  }

  acknowledge(id: number): void {
    this.acknowledgeAll([id]);
  }

  acknowledgeAll(ids: number[] = this.alarming): void {
    for (const id of ids) this.acknowledged.add(id);
    const all = [...this.acknowledged].slice(-KEEP_IDS);
    try {
      this.options.storage?.setItem(ACK_STORAGE_KEY, JSON.stringify(all));
    } catch {
      // Private mode or full storage: the alarm still works in this tab.
    }
    this.options.channel?.postMessage(ids);
  }

  dispose(): void {
    this.stopRinging();
    for (const stop of this.stop.splice(0)) stop();
  }

  private merge(ids: unknown): void {
    if (!Array.isArray(ids)) return;
    for (const id of ids) if (typeof id === 'number') this.acknowledged.add(id);
  }

  private readStored(): number[] {
    try {
      const raw = this.options.storage?.getItem(ACK_STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
    } catch {
      return [];
    }
  }

  private startRinging(): void {
    if (this.ringTimer !== null) return;
    this.options.beeper?.ring();
    const every = this.options.setInterval ?? ((fn, ms) => setInterval(fn, ms));
    this.ringTimer = every(() => this.options.beeper?.ring(), RING_EVERY_MS);
  }

  private stopRinging(): void {
    if (this.ringTimer === null) return;
    const clear = this.options.clearInterval ?? ((handle) => clearInterval(handle as number));
    clear(this.ringTimer);
    this.ringTimer = null;
  }
}
