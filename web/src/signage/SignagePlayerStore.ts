// The signage player's state (docs/decisions/signage.md): the manifest it plays (the last good one kept
// across reloads), two layers that cross-fade, the media cache, the manifest poll and the heartbeat. The
// decisions are in the pure modules schedule.ts and cache-policy.ts; this class wires them to timers.
import type {
  SignageHeartbeatAnswer,
  SignageManifest,
  SignageManifestSegment,
  SignagePlayerState,
  SignageScreenCapture,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  addError,
  type Failure,
  readyToSwitch,
  retryAt,
  syncPlan,
  filesOf,
  type PlayerError,
} from './cache-policy';
import { isValidAt, nextSegment, nextValidityChange, plannedMs } from './schedule';

/** The manifest is polled this often (a changed stream plays within this plus its downloads). */
export const POLL_MS = 30_000;
/** The heartbeat's interval; the back office shows a TV offline after 90 s without one. */
export const HEARTBEAT_MS = 30_000;
/** The cross-fade's length (signage.css uses the same). */
export const FADE_MS = 800;
/**
 * The longest the player waits for the browser to say a fade-in has ended before it replaces the picture
 * below (a hidden page or an old browser may never say).
 */
export const FADE_WAIT_MS = 4 * FADE_MS;
/** A file that does not show within this is skipped as broken. */
export const LOAD_TIMEOUT_MS = 15_000;
/** The next segment is loaded this long before the current one ends, so it switches on time. */
export const PRELOAD_MS = 2_500;
/** With nothing to show, the player looks again at least this often. */
export const IDLE_RETRY_MS = 5_000;

export const SIGNAGE_TEXTS = {
  standbyTitle: 'Gleich geht es weiter',
  standbyEmpty: 'Für diesen Bildschirm ist gerade nichts geplant.',
  standbyLoading: 'Die Inhalte werden geladen …',
  revoked:
    'Dieser Bildschirm ist nicht mehr eingerichtet. Bitte im Back Office einen neuen Player-Link erzeugen.',
  fileMissing: (status: string) => `Datei nicht erreichbar (${status})`,
  imageBroken: 'Das Bild lässt sich nicht anzeigen.',
  videoBroken: 'Das Video lässt sich nicht abspielen.',
  timeout: 'Die Datei wurde nicht rechtzeitig geladen.',
  screenshotRefused: (status: number) => `Das Bildschirmfoto wurde nicht angenommen (${status}).`,
  screenshotUnsent: 'Das Bildschirmfoto konnte nicht gesendet werden.',
};

/** Where the player's files live (the browser's Cache Storage; a test's map). Keys are the files' paths. */
export interface MediaCache {
  list(): Promise<string[]>;
  /** Downloads and stores the file; throws with a German reason when it cannot. */
  download(url: string): Promise<void>;
  /** A URL the page can show the stored file from, or null when it is not stored. */
  open(url: string): Promise<string | null>;
  /** Gives back what {@link open} returned. */
  close(src: string): void;
  remove(url: string): Promise<void>;
}

export interface PlayerDeps {
  identifier: string;
  playerKey: string;
  now: () => number;
  fetch: typeof fetch;
  media: MediaCache;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /**
   * Photographs the screen: only the desktop shell can (`window.ordering.captureScreen`); a browser has
   * none, and the back office then shows the segment's file instead.
   */
  capture?: () => Promise<SignageScreenCapture>;
}

/** One of the two layers: a segment's file, shown once it has loaded. */
export interface Layer {
  id: number;
  segment: SignageManifestSegment;
  src: string;
}

export class SignagePlayerStore {
  manifest: SignageManifest | null = null;
  /** A newer manifest whose files are still downloading. */
  pending: SignageManifest | null = null;
  layers: [Layer | null, Layer | null] = [null, null];
  /** The layer on top (the one on screen). */
  front: 0 | 1 = 0;
  /** The segment on screen. */
  current: SignageManifestSegment | null = null;
  /** How many segments were shown since start (tests and the heartbeat follow it). */
  shown = 0;
  errors: PlayerError[] = [];
  cached = new Set<string>();
  online = true;
  revoked = false;
  private failures = new Map<string, Failure>();
  private seq = 0;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private segmentTimer: ReturnType<typeof setTimeout> | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;
  private waitTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the segment on screen ends: a prepared layer waits for this moment. */
  private switchAt = 0;
  /** The layer whose fade-in the browser has finished; the layer below it may then be replaced. */
  private fadedId = 0;
  private fadeWaiters: Array<() => void> = [];
  private advancing = false;
  private syncing = false;
  private stopped = false;
  private capturing = false;

  constructor(private readonly deps: PlayerDeps) {
    makeAutoObservable<SignagePlayerStore, 'deps' | 'failures' | 'timers' | 'fadeWaiters'>(
      this,
      { deps: false, failures: false, timers: false, fadeWaiters: false },
      { autoBind: true },
    );
  }

  private get storageKey() {
    return `signage.manifest.${this.deps.identifier}`;
  }

  private get base() {
    return `/api/signage/${encodeURIComponent(this.deps.identifier)}/${encodeURIComponent(this.deps.playerKey)}`;
  }

  /** Nothing on screen: the standby picture (never a black screen). */
  get standby(): boolean {
    return this.current === null;
  }

  get state(): SignagePlayerState {
    return {
      current: this.current
        ? { id: this.current.id, position: this.current.position, name: this.current.name }
        : null,
      manifestVersion: this.manifest?.version ?? null,
      cache: {
        cached: filesOf(this.manifest).filter((u) => this.cached.has(u)).length,
        total: filesOf(this.manifest).length,
      },
      errors: this.errors,
      playerTime: new Date(this.deps.now()).toISOString(),
      capabilities: this.deps.capture ? ['screenshot'] : [],
    };
  }

  /** Starts with the last good manifest (offline start), then polls, downloads and reports. */
  async start(): Promise<void> {
    try {
      const stored = this.deps.storage.getItem(this.storageKey);
      if (stored) this.manifest = JSON.parse(stored) as SignageManifest;
    } catch {
      this.manifest = null;
    }
    try {
      const list = await this.deps.media.list();
      runInAction(() => (this.cached = new Set(list)));
    } catch {
      // No cache (a private window): every file comes from the network.
    }
    void this.advance();
    await this.poll();
    this.every(POLL_MS, () => void this.poll());
    void this.heartbeat();
    this.every(HEARTBEAT_MS, () => void this.heartbeat());
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.segmentTimer) clearTimeout(this.segmentTimer);
    if (this.loadTimer) clearTimeout(this.loadTimer);
    if (this.waitTimer) clearTimeout(this.waitTimer);
    for (const wake of this.fadeWaiters.splice(0)) wake();
    for (const layer of this.layers) if (layer) this.deps.media.close(layer.src);
  }

  private every(ms: number, fn: () => void) {
    const tick = () => {
      if (this.stopped) return;
      fn();
      schedule();
    };
    const schedule = () => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        tick();
      }, ms);
      this.timers.add(t);
    };
    schedule();
  }

  private after(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  private report(segment: SignageManifestSegment | null, message: string) {
    const text = segment ? `${segment.name}: ${message}` : message;
    this.errors = addError(this.errors, {
      at: new Date(this.deps.now()).toISOString(),
      segmentId: segment?.id ?? null,
      message: text,
    });
  }

  /** Whether a file may be tried (stored, or not failed lately). */
  private usable(url: string): boolean {
    if (this.cached.has(url)) return true;
    const failure = this.failures.get(url);
    return !failure || retryAt(failure) <= this.deps.now();
  }

  private fail(url: string) {
    const old = this.failures.get(url);
    this.failures.set(url, { count: (old?.count ?? 0) + 1, at: this.deps.now() });
  }

  /** Puts the next playable segment into the hidden layer; it comes to the front once it has loaded. */
  async advance(after: number = this.current?.position ?? -1): Promise<void> {
    if (this.stopped || this.advancing || this.revoked) return;
    this.advancing = true;
    try {
      if (this.segmentTimer) clearTimeout(this.segmentTimer);
      this.segmentTimer = null;
      // The next one goes into the layer below the picture on screen: not while that picture still fades in
      // over it, or the screen would darken mid-change.
      await this.frontFaded();
      if (this.stopped) return;
      const manifest = this.manifest;
      const tried = new Set<number>();
      let position = after;
      for (;;) {
        const segment = manifest
          ? nextSegment(
              manifest.segments,
              position,
              this.deps.now(),
              (s) => !tried.has(s.position) && this.usable(s.url),
              manifest.loop,
            )
          : null;
        if (!segment) {
          this.idle();
          return;
        }
        tried.add(segment.position);
        position = segment.position;
        const src = await this.fileOf(segment);
        if (this.stopped) return;
        if (!src) continue;
        runInAction(() => {
          const back = this.front === 0 ? 1 : 0;
          const old = this.layers[back];
          if (old) this.deps.media.close(old.src);
          this.layers[back] = { id: ++this.seq, segment, src };
        });
        if (this.loadTimer) clearTimeout(this.loadTimer);
        const id = this.seq;
        this.loadTimer = setTimeout(() => this.broken(id, SIGNAGE_TEXTS.timeout), LOAD_TIMEOUT_MS);
        return;
      }
    } finally {
      runInAction(() => (this.advancing = false));
    }
  }

  /** Nothing valid, or every file missing: the standby picture (or keep the last one on screen). */
  private idle() {
    const next = this.manifest ? nextValidityChange(this.manifest.segments, this.deps.now()) : null;
    const wait = next ? Math.max(50, Math.min(IDLE_RETRY_MS, next - this.deps.now())) : IDLE_RETRY_MS;
    // What is on screen stays while it is valid; after that the standby picture, never black.
    if (this.current && !isValidAt(this.current, this.deps.now())) this.current = null;
    this.after(wait, () => void this.advance());
  }

  /** The stored file (downloaded now if it is missing); null and reported when it cannot be had. */
  private async fileOf(segment: SignageManifestSegment): Promise<string | null> {
    try {
      if (!this.cached.has(segment.url)) {
        await this.deps.media.download(segment.url);
        runInAction(() => this.cached.add(segment.url));
      }
      const src = await this.deps.media.open(segment.url);
      if (!src) throw new Error(SIGNAGE_TEXTS.fileMissing('nicht im Zwischenspeicher'));
      return src;
    } catch (error) {
      runInAction(() => {
        this.cached.delete(segment.url);
        this.fail(segment.url);
        this.report(segment, error instanceof Error ? error.message : String(error));
      });
      return null;
    }
  }

  /**
   * The hidden layer has loaded: when the segment on screen has ended it fades in over it (which stays
   * below until replaced); until then it waits, prepared.
   */
  ready(layerId: number, mediaSeconds?: number | null): void {
    const index = this.layers.findIndex((l) => l?.id === layerId);
    if (index < 0 || this.layers[index]!.id !== this.seq || this.front === index) return;
    if (this.loadTimer) clearTimeout(this.loadTimer);
    if (this.waitTimer) clearTimeout(this.waitTimer);
    const wait = this.switchAt - this.deps.now();
    if (wait > 0 && this.current) {
      this.waitTimer = setTimeout(() => this.show(layerId, mediaSeconds), wait);
      return;
    }
    this.show(layerId, mediaSeconds);
  }

  private show(layerId: number, mediaSeconds?: number | null): void {
    this.waitTimer = null;
    const index = this.layers.findIndex((l) => l?.id === layerId);
    if (index < 0) return;
    const segment = this.layers[index]!.segment;
    this.front = index as 0 | 1;
    this.current = segment;
    this.shown += 1;
    const ms = plannedMs(segment, mediaSeconds);
    this.switchAt = this.deps.now() + ms;
    if (this.segmentTimer) clearTimeout(this.segmentTimer);
    // The next one goes into the layer that is leaving, so not before the fade has ended (a segment shorter
    // than the preload would otherwise replace the old picture under the new one mid-fade: a dark frame);
    // advance() also waits for the browser's own end of the fade, which a slow screen may reach later.
    this.segmentTimer = setTimeout(() => void this.advance(), Math.max(FADE_MS, ms - PRELOAD_MS));
  }

  /**
   * The browser has finished the front layer's fade-in (the view follows the CSS transition itself, which
   * runs on the compositor's clock, not on the timers): the layer below may be replaced now.
   */
  faded(layerId: number): void {
    if (this.layers[this.front]?.id !== layerId) return;
    this.fadedId = layerId;
    for (const wake of this.fadeWaiters.splice(0)) wake();
  }

  /** Resolves once the picture on screen has faded in fully (at most {@link FADE_WAIT_MS}). */
  private frontFaded(): Promise<void> {
    const front = this.layers[this.front];
    if (!front || this.fadedId === front.id || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, FADE_WAIT_MS);
      this.fadeWaiters.push(wake);
    });
  }

  /** A video reached its end before its duration: the next one comes now. */
  ended(layerId: number): void {
    if (this.layers[this.front]?.id !== layerId) return;
    this.switchAt = this.deps.now();
    const waiting = this.layers[this.front === 0 ? 1 : 0];
    if (this.waitTimer && waiting) {
      clearTimeout(this.waitTimer);
      this.show(waiting.id);
    } else void this.advance();
  }

  /** The file of a layer cannot be shown: skipped, reported, the next one comes (the current stays). */
  broken(layerId: number, message?: string): void {
    const layer = this.layers.find((l) => l?.id === layerId);
    if (!layer) return;
    const text =
      message ?? (layer.segment.type === 'video' ? SIGNAGE_TEXTS.videoBroken : SIGNAGE_TEXTS.imageBroken);
    this.report(layer.segment, text);
    this.fail(layer.segment.url);
    this.cached.delete(layer.segment.url);
    void this.deps.media.remove(layer.segment.url).catch(() => undefined);
    // Skipped: the search for the next one starts after it; what is on screen stays until that one loads.
    if (layer.id === this.seq) void this.advance(layer.segment.position);
  }

  /** Asks for the manifest (If-None-Match); a new one is played once its files are downloaded. */
  async poll(): Promise<void> {
    try {
      const headers: Record<string, string> = {};
      const known = this.pending?.version ?? this.manifest?.version;
      if (known) headers['if-none-match'] = `"${known}"`;
      const res = await this.deps.fetch(`${this.base}/manifest`, { headers, cache: 'no-store' });
      if (res.status === 404) {
        runInAction(() => {
          this.revoked = true;
          this.online = true;
        });
        return;
      }
      if (res.status === 304) {
        runInAction(() => (this.online = true));
      } else if (res.ok) {
        const body = (await res.json()) as { data: SignageManifest };
        runInAction(() => {
          this.online = true;
          this.revoked = false;
          if (body.data.version !== this.manifest?.version) this.pending = body.data;
        });
      } else {
        runInAction(() => (this.online = false));
      }
    } catch {
      runInAction(() => (this.online = false));
    }
    await this.sync();
  }

  /** Downloads what the playing and the waiting manifest need; switches when the waiting one is complete. */
  async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      const plan = syncPlan([this.manifest, this.pending], this.cached);
      for (const url of plan.download) {
        if (this.stopped || !this.usable(url)) continue;
        try {
          await this.deps.media.download(url);
          runInAction(() => {
            this.cached.add(url);
            this.failures.delete(url);
          });
        } catch (error) {
          const segment = [...(this.pending?.segments ?? []), ...(this.manifest?.segments ?? [])].find(
            (s) => s.url === url,
          );
          runInAction(() => {
            this.fail(url);
            this.report(segment ?? null, error instanceof Error ? error.message : String(error));
          });
        }
      }
      const pending = this.pending;
      if (pending && readyToSwitch(pending, this.cached, this.failures)) {
        runInAction(() => {
          this.manifest = pending;
          this.pending = null;
        });
        try {
          this.deps.storage.setItem(this.storageKey, JSON.stringify(pending));
        } catch {
          // Storage full: the manifest still plays until the next reload.
        }
        for (const url of syncPlan([pending], this.cached).remove) {
          await this.deps.media.remove(url).catch(() => undefined);
          runInAction(() => this.cached.delete(url));
        }
        if (this.standby) void this.advance();
      }
    } finally {
      this.syncing = false;
    }
  }

  /** Tells the back office what plays, the cache and the errors; the answer sets the TV online. */
  async heartbeat(): Promise<void> {
    try {
      const res = await this.deps.fetch(`${this.base}/heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(this.state),
      });
      runInAction(() => (this.online = res.ok));
      if (!res.ok) return;
      const answer = ((await res.json()) as { data?: Partial<SignageHeartbeatAnswer> }).data;
      if (answer?.screenshotWanted) await this.sendScreenshot();
    } catch {
      runInAction(() => (this.online = false));
    }
  }

  /**
   * The back office asked for a screenshot: the shell photographs the window and the player uploads it
   * (which clears the request). What goes wrong is reported with the next heartbeat; the request stays, so
   * the next heartbeat tries again.
   */
  async sendScreenshot(): Promise<void> {
    if (!this.deps.capture || this.capturing) return;
    this.capturing = true;
    try {
      const shot = await this.deps.capture();
      if (!shot.ok) return this.report(null, shot.message);
      const res = await this.deps.fetch(`${this.base}/screenshot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: `data:${shot.type};base64,${base64Of(shot.bytes)}` }),
      });
      if (!res.ok) this.report(null, SIGNAGE_TEXTS.screenshotRefused(res.status));
    } catch {
      this.report(null, SIGNAGE_TEXTS.screenshotUnsent);
    } finally {
      this.capturing = false;
    }
  }
}

/** Base64 of bytes, in slices (a spread of a whole screenshot would overflow the call stack). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
