import fs from 'node:fs';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** How often the counts are written out at most (the benchmark reads them between its phases). */
const WRITE_EVERY_MS = 500;

/**
 * Counts the statements this process sends to the database (each is one round trip: the driver sends
 * parse, bind, execute and sync together), in all and by statement shape, and writes the counts as JSON
 * to `file` a moment after they change. Only the order benchmark turns it on (DB_STATEMENT_COUNT_FILE);
 * it then divides the difference over a phase by the orders of that phase.
 */
export class StatementCounter implements TypeOrmLogger {
  total = 0;
  readonly byShape = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string) {}

  /** The statement without its values and spacing, cut short: what groups it in the counts. */
  static shape(query: string): string {
    // Only the head is looked at: the whole text of a long INSERT cost the benchmark's server measurable CPU.
    return query.slice(0, 400).replace(/\s+/g, ' ').trim().slice(0, 90);
  }

  logQuery(query: string): void {
    this.total += 1;
    const shape = StatementCounter.shape(query);
    this.byShape.set(shape, (this.byShape.get(shape) ?? 0) + 1);
    this.timer ??= setTimeout(() => this.write(), WRITE_EVERY_MS);
  }

  private writing = false;
  private again = false;

  /**
   * Writes the counts (the benchmark sorts them): asynchronously and unsorted, so that the counting costs
   * the measured server as little as possible; one write at a time, so that an older one never lands last.
   */
  write(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing) {
      this.again = true;
      return;
    }
    this.writing = true;
    const json = JSON.stringify({ total: this.total, byShape: Object.fromEntries(this.byShape) });
    fs.writeFile(this.file, json, () => {
      this.writing = false;
      if (this.again) {
        this.again = false;
        this.write();
      }
    });
  }

  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
