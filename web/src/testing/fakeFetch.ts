import type { FetchLike } from '../api/ApiClient';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Error | DOMException | (() => Response | Promise<Response>);

/** A fetch that answers from a queue and records what it was asked, for tests without a server. */
export function fakeFetch(...replies: Reply[]): FetchLike & { calls: RecordedCall[] } {
  const queue = [...replies];
  const calls: RecordedCall[] = [];
  const fn = async (input: string, init: RequestInit = {}) => {
    calls.push({
      url: input,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    const reply = queue.shift();
    if (reply === undefined) throw new Error(`fakeFetch: no reply left for ${init.method ?? 'GET'} ${input}`);
    if (typeof reply === 'function') return reply();
    if (reply instanceof Response) return reply;
    throw reply; // an Error or DOMException: what a real fetch rejects with
  };
  return Object.assign(fn, { calls });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
