import { ERROR_CODES, isErrorCode, type ErrorCode } from '@ordering/common';
import { messages } from '../i18n/messages';
import type { ApiErrorEntry } from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Defaults to the browser's fetch; tests pass a fake. */
  fetch?: FetchLike;
  /** Prefix for every path, e.g. `http://localhost:3000` in the desktop shell; empty for same origin. */
  baseUrl?: string;
  /** Called on every HTTP 401, before the error is thrown; the app navigates to /backend/login. */
  onUnauthorized?: () => void;
  /**
   * Makes the XMLHttpRequest of a call with upload progress (fetch reports none); defaults to the
   * browser's. Tests in Node pass an implementation of their own.
   */
  xhr?: () => XMLHttpRequest;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** The login call itself answers 401 for wrong credentials: that must not redirect. Default true. */
  redirectOnUnauthorized?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * The share of the request body sent so far (0…1), as the network reports it: the call then goes
   * through XMLHttpRequest (`upload.onprogress`), with the same headers, answers and errors as fetch.
   */
  onUploadProgress?: (fraction: number) => void;
}

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiErrorEntry[];

  constructor(status: number, errors: ApiErrorEntry[]) {
    // An entry without a text of its own reads as its code's text in common's list.
    const texted = errors.map((e) =>
      !e.message && isErrorCode(e.code) ? { ...e, message: ERROR_CODES[e.code] } : e,
    );
    const list = texted.length > 0 ? texted : [{ message: messages.unknownError }];
    super(list[0].message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = list;
  }

  /** Whether the server gave this reason code (one of common's `ERROR_CODES`). */
  hasCode(code: ErrorCode): boolean {
    return this.errors.some((e) => e.code === code);
  }

  /** The first message for a form field, if the server named one. */
  messageFor(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/** Thin JSON client for the backend: unwraps `{ data }`, turns `{ errors }` into ApiRequestError. */
export class ApiClient {
  private readonly fetchFn: FetchLike;
  private readonly baseUrl: string;
  private readonly onUnauthorized?: () => void;
  private readonly makeXhr: () => XMLHttpRequest;
  private csrfToken: string | null = null;
  /** Answers asked for before any store wanted them (see {@link prefetch}), by path; each is taken once. */
  private readonly early = new Map<
    string,
    { answer: Promise<{ response: Response; payload: unknown } | null>; drop: ReturnType<typeof setTimeout> }
  >();

  constructor(options: ApiClientOptions = {}) {
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.onUnauthorized = options.onUnauthorized;
    this.makeXhr = options.xhr ?? (() => new XMLHttpRequest());
  }

  /** The session's CSRF token (from sign-in); sent as `X-CSRF-Token` with every write. */
  setCsrfToken(token: string | null): void {
    this.csrfToken = token;
  }

  /**
   * Asks for a GET answer now, before the store that needs it exists or knows it needs it: the entry
   * starts the API paths the server announced in the page's head (`/api/init`, the branch page's catalogue),
   * so the answer is read and parsed while the app is still starting instead of after /api/init has been
   * processed (issue 29, item 2). The first plain `GET` of the path (no extra headers, signal or progress)
   * takes the answer; one nobody takes within `keepMs` is dropped, and a failed one is asked for again.
   */
  prefetch(path: string, keepMs = 30_000): void {
    if (this.early.has(path)) return;
    const answer = this.fetchFn(this.baseUrl + path, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    }).then(
      async (response) => ({ response, payload: await readJson(response) }),
      () => null,
    );
    this.early.set(path, { answer, drop: setTimeout(() => this.early.delete(path), keepMs) });
  }

  /** The prefetched answer of a plain GET of `path`, taken once (null when there is none or it failed). */
  private takeEarly(method: string, path: string, options: RequestOptions) {
    if (method !== 'GET' || options.signal || options.onUploadProgress) return null;
    if (options.headers && Object.keys(options.headers).length > 0) return null;
    const early = this.early.get(path);
    if (!early) return null;
    clearTimeout(early.drop);
    this.early.delete(path);
    return early.answer;
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }

  /** A page of a list with the total the server counted (`X-Total-Count`; null when it sent none). */
  async getPage<T>(path: string, options?: RequestOptions): Promise<{ items: T[]; total: number | null }> {
    let total: number | null = null;
    const items = await this.request<T[]>('GET', path, undefined, options, (response) => {
      const header = response.headers.get('X-Total-Count');
      const parsed = header === null ? NaN : Number(header);
      total = Number.isInteger(parsed) && parsed >= 0 ? parsed : null;
    });
    return { items, total };
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, body, options);
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, body, options);
  }

  delete<T = void>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
    onResponse?: (response: Response) => void,
  ): Promise<T> {
    const early = this.takeEarly(method, path, options);
    const taken = early ? await early : null;
    if (taken) return this.settle<T>(taken.response, taken.payload, options, onResponse);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.csrfToken && method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = this.csrfToken;

    let response: Response;
    try {
      const init: RequestInit = {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options.signal,
      };
      response = options.onUploadProgress
        ? await this.sendWithProgress(this.baseUrl + path, init, options.onUploadProgress)
        : await this.fetchFn(this.baseUrl + path, init);
    } catch (error) {
      // An aborted request is the caller's decision, not a failure to report.
      if (isAbort(error)) throw error;
      throw new ApiRequestError(0, [{ message: messages.networkError }]);
    }

    return this.settle<T>(response, await readJson(response), options, onResponse);
  }

  /** The answer's `data`, or its errors as an ApiRequestError (a 401 first calls `onUnauthorized`). */
  private settle<T>(
    response: Response,
    payload: unknown,
    options: RequestOptions,
    onResponse?: (response: Response) => void,
  ): T {
    if (response.status === 401 && options.redirectOnUnauthorized !== false) {
      this.onUnauthorized?.();
    }
    onResponse?.(response);
    if (!response.ok) {
      throw new ApiRequestError(response.status, errorsOf(payload));
    }
    if (payload === undefined) return undefined as T;
    if (!isObject(payload) || !('data' in payload)) {
      throw new ApiRequestError(response.status, []);
    }
    return payload.data as T;
  }

  /**
   * The request by XMLHttpRequest, for its upload progress; answers as a fetch `Response`, so status,
   * 401 and the error list are handled as for every other call. Fails like fetch: a TypeError when the
   * server cannot be reached, an AbortError when the signal aborts.
   */
  private sendWithProgress(
    url: string,
    init: RequestInit,
    onProgress: (fraction: number) => void,
  ): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      const xhr = this.makeXhr();
      const signal = init.signal;
      if (signal?.aborted) return reject(abortError());
      xhr.open(init.method ?? 'GET', url);
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
        xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        onProgress(1);
        const status = xhr.status;
        const text = xhr.responseText;
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const noBody = status === 204 || status === 205 || status === 304;
        resolve(new Response(noBody ? null : text, { status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        done();
        reject(abortError());
      };
      xhr.send(typeof init.body === 'string' ? init.body : null);
    });
  }
}

function abortError(): Error {
  const error = new Error('The request was aborted.');
  error.name = 'AbortError';
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page or similar: there is no server message to show.
    return null;
  }
}

function errorsOf(payload: unknown): ApiErrorEntry[] {
  if (!isObject(payload) || !Array.isArray(payload.errors)) return [];
  return payload.errors
    .filter((e): e is Record<string, unknown> => isObject(e) && typeof e.message === 'string')
    .map((e) => ({
      message: e.message as string,
      ...(typeof e.field === 'string' ? { field: e.field } : {}),
      // The reason code is what clients react to (the ticket screen switched off, the kiosk's English face).
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
    }));
}

// DOMException is not always an `instanceof Error` (other realms, older engines): check the name.
function isAbort(error: unknown): boolean {
  return isObject(error) && error.name === 'AbortError';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
