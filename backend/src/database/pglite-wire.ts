/**
 * How a PGlite error crosses between threads. A structured clone of an Error keeps only its name, message
 * and stack; PostgreSQL's fields (`code`, `detail`, `constraint`, `table` …), which the error mapping reads
 * (unique violation → 409, disk full → 507), are the error's own properties and are copied here.
 */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  props: Record<string, unknown>;
}

/** The thread's reply to one call. */
export type WireReply = { id: number; result: unknown } | { id: number; error: WireError };

/** What the database thread is asked to do. */
export type WireRequest =
  | { op: 'query'; sql: string; params?: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'dumpDataDir' }
  | { op: 'close' };

/** One call to the database thread: a request and the id its reply carries. */
export type WireCall = WireRequest & { id: number };

/** Start data of the database thread. */
export interface WireStart {
  dataDir?: string;
  initialData?: ArrayBuffer;
  durable: boolean;
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds PGlite's parser functions; nothing reads it.
    if (key === 'queryOptions' || typeof value === 'function') continue;
    try {
      props[key] = structuredClone(value);
    } catch {
      // a property that cannot cross threads is left behind
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, props };
}

/** The error again, with the caller's stack followed by the database thread's. */
export function fromWireError(wire: WireError, callerStack?: string): Error {
  const error = Object.assign(new Error(wire.message), wire.props);
  error.name = wire.name;
  const own = wire.stack?.split('\n').slice(1).join('\n');
  const caller = callerStack?.split('\n').slice(1).join('\n');
  error.stack = `${wire.name}: ${wire.message}\n${caller ?? ''}${own ? `\n    -- in the database thread --\n${own}` : ''}`;
  return error;
}
