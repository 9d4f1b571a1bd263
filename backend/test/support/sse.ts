/** One Server-Sent Event as a client parses it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
  /** When the client read it (ms, `performance.now()`). */
  at: number;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  comments: string[];
  /** Waits for the first event (after those already taken) that matches, or fails after `ms`. */
  next(match?: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Waits for a comment line (`: text`) equal to `text`, or fails after `ms`. */
  comment(text: string, ms?: number): Promise<void>;
  /** Settles when the server ended the stream (or it was closed here). */
  ended: Promise<void>;
  close(): void;
}

/** Opens an event stream with fetch (Node has no EventSource) and parses it as a browser would. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  let ended: Promise<void> = Promise.resolve();
  if (res.status === 200 && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', data: '', at: performance.now() };
            let data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) {
              event.data = JSON.parse(data.join('\n'));
              events.push(event);
            }
            data = [];
            waiters.forEach((w) => w());
          }
        }
      } catch {
        // aborted
      }
    })();
  } else {
    await res.text().catch(() => undefined);
  }
  /** Resolves after the next parsed block, or after `ms`. */
  const nextBlock = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });
  return {
    status: res.status,
    events,
    comments,
    ended,
    async comment(text, ms = 2000) {
      const deadline = Date.now() + ms;
      while (!comments.includes(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no comment "${text}" within ${ms} ms (got ${comments.join(', ')})`);
        await nextBlock(left);
      }
    },
    async next(match = () => true, ms = 2000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = events.findIndex((e, i) => i >= taken && match(e));
        if (index >= 0) {
          taken = index + 1;
          return events[index]!;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no matching event within ${ms} ms (got ${events.map((e) => e.event + '#' + e.id).join(', ')})`,
          );
        await nextBlock(left);
      }
    },
    close: () => abort.abort(),
  };
}
