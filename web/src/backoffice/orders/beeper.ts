import type { Beeper } from './AlarmStore';

/**
 * The alarm sound with the Web Audio API (no file to load): three short high beeps. The context is
 * created and resumed inside the user's click, which is what browsers require before playing audio.
 */
export function createWebAudioBeeper(): Beeper | null {
  const Context =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  let context: AudioContext | null = null;
  return {
    async unlock() {
      try {
        context ??= new Context();
        if (context.state === 'suspended') await context.resume();
        return context.state === 'running';
      } catch {
        return false;
      }
    },
    ring() {
      if (!context || context.state !== 'running') return;
      const start = context.currentTime + 0.02;
      for (let i = 0; i < 3; i++) {
        const at = start + i * 0.28;
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'square';
        oscillator.frequency.value = i === 2 ? 1175 : 880;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + 0.22);
      }
    },
  };
}
