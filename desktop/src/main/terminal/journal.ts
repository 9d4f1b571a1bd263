// The terminal's persistent job journal: one JSON line per state change, fsync'd before the terminal acts
// on it, so a crash or power cut never loses a received job and never forgets that a job was (or may have
// been) printed. See docs/decisions/printing.md.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { PrintJob } from './types.js';

/**
 * received: stored, not printed yet · printing: bytes may be on their way to the printer · printed: the
 * printer confirmed them · acked: the backend knows (never printed again).
 */
export type JobState = 'received' | 'printing' | 'printed' | 'acked';

export interface JournalEntry {
  id: number;
  state: JobState;
  job: PrintJob;
  /** Set when the job is printed again after a crash in `printing` (marked KOPIE on paper). */
  copy?: boolean;
  at: string;
}

/** Acknowledged jobs kept (by id, to drop a repeat delivery) when the journal is compacted. */
const KEEP_ACKED = 2000;

/** An append-only JSON-lines file, compacted on open. */
export class JobJournal {
  private readonly entries = new Map<number, JournalEntry>();
  private fd: number | null = null;

  constructor(
    readonly file: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Reads the journal (a torn last line from a crash is ignored), compacts it and opens it for appending.
   * @throws Error when another living process has the journal open (two terminals on one journal would
   *   print the same jobs).
   */
  open(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.lock();
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as Partial<JournalEntry>;
        const known = this.entries.get(entry.id!);
        this.entries.set(entry.id!, { ...known, ...entry, job: entry.job ?? known!.job } as JournalEntry);
      } catch {
        // A line cut short by a crash: the state before it stands.
      }
    }
    this.compact();
    this.fd = openSync(this.file, 'a');
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(`${this.file}.lock`, { force: true });
  }

  /** `<journal>.lock` with our pid; a lock whose process is gone (kill -9) is taken over. */
  private lock(): void {
    const lockFile = `${this.file}.lock`;
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
      throw new Error(`Das Auftragsjournal ${this.file} wird schon von Prozess ${pid} benutzt.`);
    writeFileSync(lockFile, String(process.pid));
  }

  get(id: number): JournalEntry | undefined {
    return this.entries.get(id);
  }

  /** Jobs not acknowledged yet, oldest (smallest id) first. */
  pending(): JournalEntry[] {
    return [...this.entries.values()].filter((e) => e.state !== 'acked').sort((a, b) => a.id - b.id);
  }

  all(): JournalEntry[] {
    return [...this.entries.values()].sort((a, b) => a.id - b.id);
  }

  /** Records a new job (with everything needed to print it). @returns false when the id is known. */
  receive(job: PrintJob): boolean {
    if (this.entries.has(job.id)) return false;
    this.write({ id: job.id, state: 'received', job, at: this.now().toISOString() }, true);
    return true;
  }

  /** Moves a job to a state; durable when this returns. */
  mark(id: number, state: JobState, extra: Partial<Pick<JournalEntry, 'copy'>> = {}): void {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`job ${id} not in the journal`);
    this.write({ ...entry, ...extra, state, at: this.now().toISOString() }, false);
  }

  private write(entry: JournalEntry, withJob: boolean): void {
    this.entries.set(entry.id, entry);
    if (this.fd === null) throw new Error('journal not open');
    const { job, ...rest } = entry;
    const line = JSON.stringify(withJob ? { ...rest, job } : rest) + '\n';
    writeSync(this.fd, line);
    fsyncSync(this.fd);
  }

  /** Rewrites the file with one line per job (the oldest acknowledged ones dropped), atomically. */
  private compact(): void {
    const all = this.all();
    const acked = all.filter((e) => e.state === 'acked');
    const drop = new Set(acked.slice(0, Math.max(0, acked.length - KEEP_ACKED)).map((e) => e.id));
    for (const id of drop) this.entries.delete(id);
    const tmp = `${this.file}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      for (const entry of this.all()) writeSync(fd, JSON.stringify(entry) + '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    try {
      const dir = openSync(path.dirname(this.file), 'r');
      fsyncSync(dir);
      closeSync(dir);
    } catch {
      // Directories cannot be fsync'd on every platform (Windows); the rename is still atomic.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
