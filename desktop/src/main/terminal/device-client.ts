// The backend as a device sees it: its key as `Authorization: Bearer`, the device routes and the event
// stream (Server-Sent Events read over fetch, resumed with Last-Event-ID).
import type { DeviceInfo, PrintJob } from './types.js';

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/** What the terminal needs of the backend (a fake in unit tests). */
/** What the terminal reports about its printer with the heartbeat (the back office, board and device list show it). */
export interface PrinterReport {
  state: 'ok' | 'unreachable' | 'offline' | 'cover-open' | 'paper-out' | 'error' | 'none';
  paperNearEnd: boolean;
  queued: number;
}

export interface DeviceApi {
  heartbeat(report?: PrinterReport): Promise<DeviceInfo>;
  jobs(): Promise<PrintJob[]>;
  ack(jobId: number): Promise<void>;
  /** Uploads the terminal's recent log lines (staff asked for them). */
  uploadLogs(lines: string[]): Promise<void>;
  /** Follows the event stream until `signal` aborts; reconnects after errors, resuming from the last id. */
  events(onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class DeviceClient implements DeviceApi {
  private lastEventId: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly deviceKey: string,
    private readonly options: { timeoutMs?: number; reconnectMs?: number; fetch?: typeof fetch } = {},
  ) {}

  private get fetch(): typeof fetch {
    return this.options.fetch ?? globalThis.fetch;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.deviceKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new HttpError(res.status, `${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text).data : null) as T;
  }

  heartbeat(report?: PrinterReport): Promise<DeviceInfo> {
    return this.call('POST', '/api/devices/me/heartbeat', report ? { printer: report } : undefined);
  }

  jobs(): Promise<PrintJob[]> {
    return this.call('GET', '/api/devices/me/jobs');
  }

  async ack(jobId: number): Promise<void> {
    await this.call('POST', `/api/devices/me/jobs/${jobId}/ack`);
  }

  async uploadLogs(lines: string[]): Promise<void> {
    await this.call('POST', '/api/devices/me/logs', { lines });
  }

  async events(onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const res = await this.fetch(new URL('/api/events', this.baseUrl), {
          headers: {
            authorization: `Bearer ${this.deviceKey}`,
            accept: 'text/event-stream',
            ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
          },
          signal,
        });
        if (!res.ok || !res.body) throw new HttpError(res.status, `GET /api/events: ${res.status}`);
        await readEventStream(res.body, signal, (event) => {
          if (event.id) this.lastEventId = event.id;
          onEvent(event);
        });
      } catch {
        // Reconnect below (polling covers the gap meanwhile).
      }
      if (signal.aborted) break;
      await sleep(this.options.reconnectMs ?? 3000, signal);
    }
  }
}

/** Parses a text/event-stream body (WHATWG rules for id, event, data; comments ignored). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event: { id: string | null; event: string; data: string[] } = { id: null, event: 'message', data: [] };
  const abort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', abort, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (event.data.length) onEvent({ id: event.id, event: event.event, data: event.data.join('\n') });
          event = { id: null, event: 'message', data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') event.data.push(value);
        else if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
      }
    }
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
