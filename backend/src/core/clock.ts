/** Where "now" comes from. Services inject it so tests can set the time. */
export abstract class Clock {
  abstract now(): Date;
}

/** The real time of the machine. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that tests set and move. */
export class FixedClock extends Clock {
  constructor(private current: Date = new Date('2026-11-21T10:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
