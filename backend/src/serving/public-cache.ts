import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from 'pino';
import { ENTITY_CHANGE_EVENTS, EventBus, raisesCollectionVersion } from '../core/events.js';
import { etagMatches } from '../core/etag.js';
import { LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import type { ResourceDefinition } from '../crud/resource.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The public reads every storefront visit, kiosk start and status page begins with: /api/init, the lists
 * and single reads of the public collections, and a menu's catalogue (`/api/menus/{id}/catalog`, which
 * reads only `part`). Nothing that depends on the time of day (opening state, availability) or on orders
 * is here.
 */
export const CACHEABLE_PATH =
  /^\/api\/(?:(init|branches|divisions|menus|categories|products|tags|tables|sites|blocks|navigations|donatees)(\/\d{1,10})?|menus\/\d{1,10}\/catalog)\/?$/;

/** The key of a catalogue's later part (`/api/menus/{id}/catalog?part=N`). */
const CATALOG_PART_KEY = /^\/api\/menus\/\d{1,10}\/catalog\/?\?part=\d+$/;

/**
 * The lists the cache keeps, by collection name: those of /api/init, with the same resources (and
 * filters) behind them. The app provides them under {@link PUBLIC_LISTS} (see `ServingModule.forRoot`),
 * so serving knows no feature.
 */
export type PublicLists = Record<string, ResourceDefinition<any, any>>;

/** Injection token of the {@link PublicLists}. */
export const PUBLIC_LISTS = Symbol('PUBLIC_LISTS');

/** The query parameters of each list, by collection name (see {@link listParameters}). */
export type ListParameters = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The query parameters each cacheable list reads (`CrudService.list`): its filters, the search when it
 * has one, sorting and paging. `/api/init` and the single reads read none.
 */
export function listParameters(lists: PublicLists): ListParameters {
  return new Map(
    Object.entries(lists).map(([name, def]) => [
      name,
      new Set([
        ...Object.keys(def.filters ?? {}),
        ...(def.searchable?.length ? ['q'] : []),
        'sort',
        'order',
        'page',
        'limit',
      ]),
    ]),
  );
}

/** Bounds of the cache: entries, and bytes of all forms together (least recently used go first). */
export const MAX_ENTRIES = 256;
export const MAX_BYTES = 32 * 1024 * 1024;
/**
 * An answer larger than this (plain) is a large one (a menu's catalogue of thousands of products): it is kept
 * in its compressed forms only (a client that accepts neither gets the gzip form unpacked in the thread pool
 * as it is sent), and its brotli form is made at {@link LARGE_BROTLI_QUALITY}. Measured on this machine with
 * 8-11 MB of catalogue JSON: quality 11 took 14 s of a core for 233 KB, quality 5 0.2 s for 282 KB; quality
 * 11 costs about a second per MB, so above 256 KB (a page of 1,000 products is about 850 KB) it is not worth it.
 */
export const LARGE_ENTRY_BYTES = 256 * 1024;
/** Brotli quality of small answers (the best; tens of milliseconds for /api/init) and of large ones. */
export const BROTLI_QUALITY = 11;
export const LARGE_BROTLI_QUALITY = 5;
/**
 * Above this (plain) an answer's brotli form is made at {@link LARGE_BROTLI_QUALITY} although it is kept whole:
 * a catalogue part of 1,000 products (205 KB) took 2.9 s of a core at quality 11 for 22.7 KB, 60 ms at
 * quality 5 for 27.5 KB (load average 20); /api/init (23 KB) and a catalogue's first part (37 KB) keep 11.
 */
export const BEST_BROTLI_BYTES = 64 * 1024;
/** A plain answer above this is never kept (nor compressed here); nor one whose compressed forms exceed MAX_BYTES / 4. */
export const MAX_PLAIN_BYTES = 64 * 1024 * 1024;
/** How many keys with a query string are remembered as asked for once (only a second ask is kept). */
const MAX_SEEN = 1024;

/**
 * The cache key of a request, or null when it is not cacheable: the path and the parameters the route
 * reads, sorted by name. A parameter the route does not read, a repeated one or one with brackets would
 * make a new key for the same answer (or one Express parses differently), so such requests go through
 * the app uncached.
 */
export function cacheKey(url: string, lists: ListParameters): string | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const match = CACHEABLE_PATH.exec(path);
  if (!match) return null;
  if (q < 0 || q === url.length - 1) return path;
  // A catalogue reads only `part`, written as the route reads it (a whole number without leading zeros;
  // `?part=0` is the route without it); single reads (no collection name captured) read none.
  if (match[1] === undefined) {
    const part = /^part=(0|[1-9]\d{0,5})$/.exec(url.slice(q + 1));
    if (!part) return null;
    return part[1] === '0' ? path : `${path}?part=${part[1]}`;
  }
  const allowed = match[2] === undefined ? lists.get(match[1]) : undefined;
  const params: Array<[string, string]> = [];
  const names = new Set<string>();
  for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
    if (!allowed?.has(name) || names.has(name)) return null;
    names.add(name);
    params.push([name, value]);
  }
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** Headers of the first answer that are not replayed (they belong to that one response). */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'vary',
  'x-request-id',
]);

interface CachedAnswer {
  etag: string;
  /**
   * Body and the complete raw header list per encoding, written with one `writeHead`. A large answer keeps
   * no plain body (`null`): it is unpacked from the gzip form when a client accepts neither encoding.
   */
  identity: { body: Buffer | null; head: string[] };
  br: { body: Buffer; head: string[] };
  gzip: { body: Buffer; head: string[] };
  /** A 304 says only what a cache needs (RFC 9110 15.4.5). */
  notModified: string[];
}

const sizeOf = (a: CachedAnswer) => (a.identity.body?.length ?? 0) + a.br.body.length + a.gzip.body.length;

const SID_COOKIE = /(?:^|;\s*)sid=/;

/**
 * Public reads answered from memory: the serialised bytes of an anonymous answer, its brotli and gzip
 * forms and its ETag, taken from the first real answer and replayed (headers included) until a public
 * collection changes. A cached answer costs no database round trip and no file-system call; a 304 costs
 * a header comparison.
 *
 * Invalidation follows the collection versions that every public write raises in its transaction:
 * committed writes of this instance refresh them at once (after-commit subscriber, before the write's
 * own answer is sent), and a poll of the small `collection_version` table every 250 ms notices writes of
 * other instances on the same PostgreSQL server, and writes that bypass the event bus, well within a
 * second. Signed-in readers (who may see more, e.g. a branch's API key) always go through the app.
 */
@Injectable()
export class PublicReadCache implements OnModuleInit, OnModuleDestroy {
  private versionsKey: string | null = null;
  private epoch = 0;
  /** In order of use: the first key is the least recently used. */
  private readonly answers = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Keys with a query string asked for once since the last invalidation (bounded, oldest dropped). */
  private readonly seen = new Set<string>();
  private timer?: NodeJS.Timeout;
  private refreshing: Promise<void> | null = null;
  private again = false;
  private unsubscribe?: () => void;
  private closed = false;
  /** Keys whose compressed forms are being made (a second miss meanwhile does not start another). */
  private readonly compressing = new Set<string>();
  /** Counters for the benchmark and tests. */
  readonly stats = {
    hits: 0,
    misses: 0,
    stored: 0,
    invalidations: 0,
    evictions: 0,
    compressions: 0,
    /** Large answers kept in their compressed forms only. */
    compressedOnly: 0,
    /** Answers too large to keep. */
    tooLarge: 0,
  };
  /** Where a large answer begins and the largest kept ({@link LARGE_ENTRY_BYTES}, {@link MAX_PLAIN_BYTES}); tests lower them. */
  largeEntryBytes = LARGE_ENTRY_BYTES;
  maxPlainBytes = MAX_PLAIN_BYTES;

  /** Entries and bytes held now. */
  get size() {
    return { entries: this.answers.size, bytes: this.bytes };
  }

  private readonly parameters: ListParameters;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PUBLIC_LISTS) lists: PublicLists,
  ) {
    this.parameters = listParameters(lists);
  }

  async onModuleInit() {
    // Only a write that raised a version can have changed a public answer (an order raises none: re-reading
    // the versions after each one cost every order a statement).
    this.unsubscribe = this.events.afterCommit([...ENTITY_CHANGE_EVENTS, 'collection.changed'], (event) =>
      raisesCollectionVersion(event) ? this.refresh() : undefined,
    );
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), 250);
    this.timer.unref();
  }

  async onModuleDestroy() {
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.refreshing;
  }

  /** Re-reads the collection versions; a changed set drops every cached answer. Calls coalesce. */
  refresh(): Promise<void> {
    // (Closed: nothing to read; also, the round below must reach an await before it clears `refreshing`.)
    if (this.closed) return Promise.resolve();
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          if (this.closed) break;
          try {
            const rows: Array<{ collection: string; version: string }> = await this.connection
              .manager()
              .query('SELECT collection, version FROM collection_version ORDER BY collection');
            const key = rows.map((r) => `${r.collection}:${r.version}`).join(',');
            if (key !== this.versionsKey) this.invalidate(key);
          } catch (err) {
            // The database going away (shutdown, restart) must not crash the process; nothing is served
            // stale because the answers are dropped.
            this.invalidate(null);
            if (!this.closed) this.logger.warn({ err }, 'public cache: versions not readable');
          }
        } while (this.again);
      } finally {
        // Cleared in the same step as the last look at `again`: a call arriving after that look starts a
        // new round instead of joining this one (it used to join in the moment before a `.finally()`
        // callback ran, and its write's change was then noticed only by the next poll).
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private invalidate(key: string | null) {
    this.versionsKey = key;
    this.epoch += 1;
    this.answers.clear();
    this.seen.clear();
    this.bytes = 0;
    this.stats.invalidations += 1;
  }

  /**
   * Puts the cache in front of the app's request handler: a cached answer is sent before Express sees
   * the request; a cacheable miss goes through the app and its answer is kept.
   */
  install(server: Server): void {
    const handlers = server.listeners('request') as Array<
      (req: IncomingMessage, res: ServerResponse) => void
    >;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.serve(req, res)) return;
      for (const handler of handlers) handler.call(server, req, res);
    });
  }

  /** Answers from memory when it can; otherwise prepares to keep the app's answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const key = cacheKey(req.url ?? '', this.parameters);
    if (key === null) return false;
    // Signed-in readers and cross-origin callers (CORS) go through the app.
    if (req.headers.authorization || req.headers.origin) return false;
    if (req.headers.cookie && SID_COOKIE.test(req.headers.cookie)) return false;
    if (this.versionsKey === null) return false;
    const answer = this.answers.get(key);
    if (answer) {
      this.stats.hits += 1;
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, answer);
      this.send(req, res, answer);
      return true;
    }
    this.stats.misses += 1;
    if (req.method !== 'GET') return false;
    // A parameterised answer is kept (and compressed) only when asked for a second time: a stream of
    // distinct searches or pages costs no compression each.
    // A catalogue's parts are as many as its menu has (a part it does not have is a 404, never kept).
    if (key.includes('?') && !CATALOG_PART_KEY.test(key) && !this.seen.has(key)) {
      this.seen.add(key);
      if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value!);
      return false;
    }
    this.seen.delete(key);
    this.capture(req, res, key);
    return false;
  }

  private send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, answer.notModified);
      res.end();
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const variant = /\bbr\b/.test(accepted)
      ? answer.br
      : /\bgzip\b/.test(accepted)
        ? answer.gzip
        : answer.identity;
    res.writeHead(200, variant.head);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (variant.body) {
      res.end(variant.body);
      return;
    }
    // A large answer to a client that accepts no encoding: unpacked in the thread pool as it is sent.
    pipeline(Readable.from([answer.gzip.body]), zlib.createGunzip(), res).catch((err: unknown) => {
      this.logger.warn({ err }, 'public cache: large answer not sent');
      res.destroy();
    });
  }

  /** Lets the app answer uncompressed and keeps that answer (and its compressed forms) for the next readers. */
  private capture(req: IncomingMessage, res: ServerResponse, url: string) {
    const epoch = this.epoch;
    // Plain bytes from the app: the compressed forms are made once, below. A conditional request keeps its
    // validator (a 304 is simply not kept).
    delete req.headers['accept-encoding'];
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
      );
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      keep(chunk, encoding);
      return write(chunk as never, encoding as never, cb as never);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      keep(chunk, encoding);
      const headers = res.getHeaders();
      const status = res.statusCode;
      const result = end(chunk as never, encoding as never, cb as never);
      // (One chunk, the usual case, is kept as it is: copying megabytes holds the event loop.)
      if (status === 200)
        void this.store(url, epoch, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), headers);
      return result;
    }) as typeof res.end;
  }

  private async store(key: string, epoch: number, identity: Buffer, headers: OutgoingHttpHeaders) {
    if (!String(headers['content-type'] ?? '').includes('application/json')) return;
    if (headers['content-encoding'] && headers['content-encoding'] !== 'identity') return;
    if (identity.length > this.maxPlainBytes) {
      this.stats.tooLarge += 1;
      return;
    }
    // Two misses of one key at once: the first compression serves both.
    if (this.answers.has(key) || this.compressing.has(key)) return;
    const large = identity.length > this.largeEntryBytes;
    this.stats.compressions += 1;
    this.compressing.add(key);
    let br: Buffer;
    let gz: Buffer;
    try {
      // zlib's asynchronous calls run in the thread pool: the event loop goes on serving meanwhile.
      [br, gz] = await Promise.all([
        brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]:
              identity.length > BEST_BROTLI_BYTES ? LARGE_BROTLI_QUALITY : BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzip(identity, { level: 9 }),
      ]);
    } finally {
      this.compressing.delete(key);
    }
    // A write committed while this answer was made: it may be stale, keep nothing.
    if (epoch !== this.epoch || this.closed) return;
    // Too large to keep within the bound even compressed.
    if ((large ? 0 : identity.length) + br.length + gz.length > MAX_BYTES / 4) {
      this.stats.tooLarge += 1;
      return;
    }
    const etag =
      typeof headers.etag === 'string'
        ? headers.etag
        : `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const replayed = Object.entries(headers).flatMap(([name, value]) =>
      value === undefined || NOT_REPLAYED.has(name) || name === 'etag'
        ? []
        : (Array.isArray(value) ? value : [String(value)]).flatMap((v) => [name, v]),
    );
    const head = (body: Buffer, encoding?: string) => [
      ...replayed,
      'etag',
      etag,
      'vary',
      'Accept-Encoding',
      ...(encoding ? ['content-encoding', encoding] : []),
      'content-length',
      String(body.length),
    ];
    const cacheControl = headers['cache-control'];
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.bytes -= sizeOf(old);
    }
    const answer: CachedAnswer = {
      etag,
      identity: { body: large ? null : identity, head: head(identity) },
      br: { body: br, head: head(br, 'br') },
      gzip: { body: gz, head: head(gz, 'gzip') },
      notModified: [
        'etag',
        etag,
        'vary',
        'Accept-Encoding',
        ...(cacheControl ? ['cache-control', String(cacheControl)] : []),
      ],
    };
    this.answers.set(key, answer);
    this.bytes += sizeOf(answer);
    this.stats.stored += 1;
    if (large) this.stats.compressedOnly += 1;
    // Least recently used first, until within both bounds.
    for (const [oldest, entry] of this.answers) {
      if (this.answers.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.answers.delete(oldest);
      this.bytes -= sizeOf(entry);
      this.stats.evictions += 1;
    }
  }
}
