import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError } from '../api/ApiClient';

/** One entry of the error list (spec section 8): the German message and, when it makes sense, a retry. */
export interface ErrorEntry {
  id: number;
  message: string;
  retry?: () => unknown;
}

export interface RunOptions {
  /** Most actions rethrow so that the caller can react; lists do not. Default false. */
  rethrow?: boolean;
  /** What "Erneut versuchen" does; defaults to running the same call again. */
  retry?: () => unknown;
}

/**
 * The server's first message when it sent one, else the German fallback of the catalogue. A call that
 * never reached the server (status 0) and an answer without `errors` get the fallback.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status !== 0 && hasServerMessage(error)) {
    return error.errors[0]!.message;
  }
  return fallback;
}

function hasServerMessage(error: ApiRequestError): boolean {
  // ApiRequestError fills in a generic text when the server sent none; that is not the server's message.
  return !(error.errors.length === 1 && error.errors[0]!.message === new ApiRequestError(0, []).message);
}

/** The back office's error list and loader: every failed call adds an entry and hides the loader. */
export class ErrorStore {
  entries: ErrorEntry[] = [];
  pending = 0;
  private nextId = 1;

  constructor() {
    makeAutoObservable<ErrorStore, 'nextId'>(this, { nextId: false }, { autoBind: true });
  }

  get loading(): boolean {
    return this.pending > 0;
  }

  add(message: string, retry?: () => unknown): ErrorEntry {
    const entry: ErrorEntry = { id: this.nextId++, message, retry };
    this.entries.push(entry);
    return entry;
  }

  dismiss(id: number): void {
    this.entries = this.entries.filter((e) => e.id !== id);
  }

  clear(): void {
    this.entries = [];
  }

  /** Removes the entry and runs its retry (which adds a new entry if it fails again). */
  async retry(id: number): Promise<void> {
    const entry = this.entries.find((e) => e.id === id);
    this.dismiss(id);
    await entry?.retry?.();
  }

  /**
   * Runs a back-office call with the loader shown; a failure adds an entry (server message first, else
   * `fallback`) whose retry runs the call again. A 401 adds nothing: the app goes to the sign-in page.
   */
  async run<T>(fallback: string, call: () => Promise<T>, options: RunOptions = {}): Promise<T | undefined> {
    this.pending++;
    try {
      const result = await call();
      return result;
    } catch (error) {
      const unauthorized = error instanceof ApiRequestError && error.status === 401;
      if (!unauthorized) {
        runInAction(() => {
          this.add(
            errorMessageOf(error, fallback),
            options.retry ?? (() => this.run(fallback, call, { retry: options.retry })),
          );
        });
      }
      if (options.rethrow) throw error;
      return undefined;
    } finally {
      runInAction(() => {
        this.pending--;
      });
    }
  }
}
