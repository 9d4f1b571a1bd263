import { makeAutoObservable } from 'mobx';

/** Where "now" comes from; tests pass a fixed or steerable one. */
export type Clock = () => Date;

/**
 * The storefront's observable "now": computed values that depend on the time (open state, active menu,
 * product schedules) read {@link ClockStore.now} and update when it ticks.
 */
export class ClockStore {
  now: Date;

  constructor(private readonly clock: Clock = () => new Date()) {
    this.now = clock();
    makeAutoObservable<ClockStore, 'clock'>(this, { clock: false }, { autoBind: true });
  }

  /** Reads the clock again. */
  tick(): void {
    this.now = this.clock();
  }

  /** Ticks every `intervalMs` (default 15 s: the open state is shown to the minute); returns the stop function. */
  start(intervalMs = 15_000): () => void {
    const id = setInterval(this.tick, intervalMs);
    return () => clearInterval(id);
  }
}
