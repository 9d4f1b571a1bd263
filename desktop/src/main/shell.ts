// The shell's life as a state machine, without Electron: not paired → the pairing screen (code and QR);
// paired → the window of the device's mode, and the print loop where the mode prints; the key refused
// (unpaired in the back office, device deleted) → the key is dropped and the pairing screen comes back.
// main.ts passes Electron's pieces in; shell.spec.ts passes fakes.
import type { ShellState } from '../shared/ipc.js';
import { HttpError } from './terminal/device-client.js';
import type { KeyStore, PairedDevice, PairingPrompt } from './terminal/pairing.js';
import type { DeviceInfo } from './terminal/types.js';
import { planFor, type WindowPlan } from './modes.js';

/** The paired device as last seen (so a kiosk starts in its mode while the network is still down). */
export interface DeviceMemory {
  load(): PairedDevice | null;
  save(device: PairedDevice): void;
  clear(): void;
}

export interface RunningPart {
  stop(): Promise<void> | void;
}

export interface ShellDeps {
  origin: string;
  /** `kiosk: true` in the config: locked even while pairing. */
  forceKiosk: boolean;
  keys: KeyStore;
  memory: DeviceMemory;
  heartbeat(deviceKey: string): Promise<DeviceInfo>;
  pair(
    onCode: (prompt: PairingPrompt) => void,
    signal: AbortSignal,
  ): Promise<{ deviceKey: string; device: PairedDevice }>;
  /** A data: URL of the QR's PNG. */
  qrDataUrl(text: string): Promise<string>;
  /** Opens (or replaces) the window for the plan. */
  show(plan: WindowPlan): void;
  /**
   * Starts the terminal loop (heartbeat, events, printing where a printer is set); calls `onUnauthorized`
   * when the backend refuses the key.
   */
  startPrinting(
    deviceKey: string,
    events: { onUnauthorized(): void; onText(text: string): void },
  ): RunningPart;
  /** A signage device's TV identifier (`GET /api/devices/me/signage`), or null when none is set. */
  signageTv?(deviceKey: string): Promise<string | null>;
  /**
   * How often a signage device without a TV asks again whether one was chosen in the back office
   * (default 30 s); the shell then opens that TV's player by itself.
   */
  signageRecheckMs?: number;
  log(message: string): void;
}

export class ShellController {
  state: ShellState = { mode: 'pairing', pairing: null, device: null, printer: null };
  plan: WindowPlan | null = null;
  private parts: RunningPart[] = [];
  private pairing: AbortController | null = null;
  private stopped = false;

  constructor(private readonly deps: ShellDeps) {}

  /** Starts in the stored device's mode, or pairs. */
  async start(): Promise<void> {
    const key = this.deps.keys.load();
    if (!key) return this.startPairing();
    let device: PairedDevice | null;
    try {
      const info = await this.deps.heartbeat(key);
      device = await this.withTv(key, {
        id: info.id,
        identifier: info.identifier,
        name: info.name,
        type: info.type,
        branch: info.branch,
      });
      this.deps.memory.save(device);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        this.deps.log('Geräteschlüssel ungültig: neue Kopplung');
        this.deps.keys.clear();
        this.deps.memory.clear();
        return this.startPairing();
      }
      device = this.deps.memory.load(); // offline: the mode of the last start
      this.deps.log(`Server beim Start nicht erreichbar (${String(error)}); letzter bekannter Modus`);
    }
    if (!device) return this.startPairing();
    this.run(key, device);
  }

  /**
   * A signage device learns its TV, so its window is the TV's web player; without network it keeps the TV
   * of the last start (the player plays from its own cache).
   */
  private async withTv(key: string, device: PairedDevice): Promise<PairedDevice> {
    if (device.type !== 'signage' || !this.deps.signageTv) return device;
    try {
      return { ...device, tv: await this.deps.signageTv(key) };
    } catch (error) {
      this.deps.log(`Signage: Bildschirm nicht geladen (${String(error)})`);
      return { ...device, tv: this.deps.memory.load()?.tv ?? null };
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pairing?.abort();
    await this.stopParts();
  }

  private run(key: string, device: PairedDevice): void {
    const plan = planFor({
      origin: this.deps.origin,
      device,
      deviceKey: key,
      forceKiosk: this.deps.forceKiosk,
    });
    this.plan = plan;
    this.state = {
      mode: plan.mode,
      pairing: null,
      device: { name: device.name || device.identifier, type: device.type },
      printer: null,
    };
    this.deps.show(plan);
    // Every paired mode runs the terminal loop: its heartbeat makes the device "online" in the back office,
    // its event stream brings test notifications and logs requests; it prints where a printer is set up.
    this.parts.push(
      this.deps.startPrinting(key, {
        onUnauthorized: () => void this.unpaired(),
        onText: (text) => (this.state = { ...this.state, printer: plan.printing ? text : null }),
      }),
    );
    // A signage device without a TV shows the shell's page that says so and asks again until one is chosen.
    if (device.type === 'signage' && !device.tv && this.deps.signageTv)
      this.parts.push(this.awaitTv(key, device));
  }

  /** Asks for the TV of a signage device every `signageRecheckMs`; opens its player once one is set. */
  private awaitTv(key: string, device: PairedDevice): RunningPart {
    let asking = false;
    const timer = setInterval(() => {
      if (asking || this.stopped) return;
      asking = true;
      this.deps.signageTv!(key)
        .then(async (tv) => {
          if (!tv || this.stopped) return;
          clearInterval(timer);
          this.deps.log(`Signage: Bildschirm ${tv} zugeordnet`);
          await this.stopParts();
          const withTv = { ...device, tv };
          this.deps.memory.save(withTv);
          this.run(key, withTv);
        })
        .catch((error: unknown) => this.deps.log(`Signage: Bildschirm nicht geladen (${String(error)})`))
        .finally(() => (asking = false));
    }, this.deps.signageRecheckMs ?? 30_000);
    return { stop: () => clearInterval(timer) };
  }

  /** The key was refused: drop it and pair again. */
  private async unpaired(): Promise<void> {
    if (this.stopped || this.state.mode === 'pairing') return;
    this.deps.log('Geräteschlüssel ungültig: das Gerät wurde entkoppelt; neue Kopplung');
    await this.stopParts();
    this.deps.keys.clear();
    this.deps.memory.clear();
    await this.startPairing();
  }

  private async startPairing(): Promise<void> {
    this.state = { mode: 'pairing', pairing: null, device: null, printer: null };
    this.plan = planFor({ origin: this.deps.origin, device: null, forceKiosk: this.deps.forceKiosk });
    this.deps.show(this.plan);
    this.pairing = new AbortController();
    let result: { deviceKey: string; device: PairedDevice };
    try {
      result = await this.deps.pair(async (prompt) => {
        const qrDataUrl = await this.deps.qrDataUrl(prompt.url);
        this.state = {
          ...this.state,
          pairing: { code: prompt.code, qrDataUrl, url: prompt.url, expiresAt: prompt.expiresAt },
        };
      }, this.pairing.signal);
    } catch (error) {
      if (this.stopped) return;
      throw error;
    }
    this.deps.keys.save(result.deviceKey);
    const device = await this.withTv(result.deviceKey, result.device);
    this.deps.memory.save(device);
    this.deps.log(`Gekoppelt mit ${device.identifier} (${device.type})`);
    this.run(result.deviceKey, device);
  }

  private async stopParts(): Promise<void> {
    const parts = this.parts.splice(0);
    for (const part of parts) await part.stop();
  }
}
