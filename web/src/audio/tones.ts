/** One note of a sound: when it starts (seconds after the start), its pitch, shape and loudness. */
export interface Tone {
  at: number;
  frequency: number;
  type: OscillatorType;
  /** Peak gain (0…1). */
  peak: number;
  /** Seconds to reach the peak. */
  attack: number;
  /** Seconds until it has faded out. */
  length: number;
}

/** The board's alarm: three short, high square beeps (the last one higher). */
export const ALARM_TONES: readonly Tone[] = [0, 1, 2].map((i) => ({
  at: i * 0.28,
  frequency: i === 2 ? 1175 : 880,
  type: 'square',
  peak: 0.25,
  attack: 0.02,
  length: 0.2,
}));

/** The ticket screen's "ready" chime: a soft two-tone "ding-dong". */
export const READY_CHIME: readonly Tone[] = [659.25, 523.25].map((frequency, i) => ({
  at: i * 0.45,
  frequency,
  type: 'sine',
  peak: 0.4,
  attack: 0.03,
  length: 1.2,
}));

/**
 * The web's one tone player (Web Audio API, no file to load). Audio plays only after `unlock`, called inside
 * a click (or at start where the device's browser allows autoplay), which is what browsers require.
 */
export interface TonePlayer {
  unlock(): Promise<boolean>;
  /** Whether audio plays. */
  readonly unlocked: boolean;
  play(tones: readonly Tone[]): void;
}

/** The tone player of this browser; null without Web Audio. */
export function createTonePlayer(): TonePlayer | null {
  const Context =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  let context: AudioContext | null = null;
  return {
    get unlocked() {
      return context?.state === 'running';
    },
    async unlock() {
      try {
        context ??= new Context();
        if (context.state === 'suspended') await context.resume();
        return context.state === 'running';
      } catch {
        return false;
      }
    },
    play(tones) {
      if (!context || context.state !== 'running') return;
      const start = context.currentTime + 0.02;
      for (const tone of tones) {
        const at = start + tone.at;
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = tone.type;
        oscillator.frequency.value = tone.frequency;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(tone.peak, at + tone.attack);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.length);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + tone.length + 0.02);
      }
    },
  };
}

/** The order boards' alarm beeper (unlock, ring) on the tone player. */
export function createAlarmBeeper(): { unlock(): Promise<boolean>; ring(): void } | null {
  const player = createTonePlayer();
  return player && { unlock: () => player.unlock(), ring: () => player.play(ALARM_TONES) };
}

/** The ticket screen's chime (unlock, unlocked, play) on the tone player. */
export interface Chime {
  unlock(): Promise<boolean>;
  readonly unlocked: boolean;
  play(): void;
}

export function createChime(): Chime | null {
  const player = createTonePlayer();
  if (!player) return null;
  return {
    unlock: () => player.unlock(),
    get unlocked() {
      return player.unlocked;
    },
    play: () => player.play(READY_CHIME),
  };
}
