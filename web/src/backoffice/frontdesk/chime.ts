/** The ready chime of the ticket screen: a soft two-tone "ding-dong" with the Web Audio API (no file). */
export interface Chime {
  /** Resumes audio (inside a click, or at start where the TV's browser allows autoplay). */
  unlock(): Promise<boolean>;
  /** Whether audio plays. */
  readonly unlocked: boolean;
  play(): void;
}

export function createChime(): Chime | null {
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
    play() {
      if (!context || context.state !== 'running') return;
      const start = context.currentTime + 0.02;
      [659.25, 523.25].forEach((frequency, i) => {
        const at = start + i * 0.45;
        const oscillator = context!.createOscillator();
        const gain = context!.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.4, at + 0.03);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 1.2);
        oscillator.connect(gain).connect(context!.destination);
        oscillator.start(at);
        oscillator.stop(at + 1.25);
      });
    },
  };
}
