import { jest } from '@jest/globals';
import { fakeFetch, json } from '../testing/fakeFetch';
import { ApiClient, ApiRequestError } from './ApiClient';

describe(ApiClient.name, () => {
  describe('get', () => {
    it('returns the data of a { data } body', async () => {
      const fetch = fakeFetch(json(200, { data: { status: 'ok', database: 'ok' } }));
      const api = new ApiClient({ fetch });

      await expect(api.get('/api/health')).resolves.toEqual({ status: 'ok', database: 'ok' });
      expect(fetch.calls).toEqual([
        { url: '/api/health', method: 'GET', headers: { Accept: 'application/json' }, body: undefined },
      ]);
    });

    it('prefixes the base URL without doubling the slash', async () => {
      const fetch = fakeFetch(json(200, { data: 1 }));
      await new ApiClient({ fetch, baseUrl: 'http://localhost:3000/' }).get('/api/init');
      expect(fetch.calls[0].url).toBe('http://localhost:3000/api/init');
    });

    it('resolves undefined for 204 No Content', async () => {
      const api = new ApiClient({ fetch: fakeFetch(new Response(null, { status: 204 })) });
      await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
    });

    it('rejects a successful body that is not a { data } envelope', async () => {
      const api = new ApiClient({ fetch: fakeFetch(json(200, { status: 'ok' })) });
      await expect(api.get('/api/x')).rejects.toMatchObject({
        status: 200,
        message: 'Ein unbekannter Fehler ist aufgetreten.',
      });
    });
  });

  describe('prefetch', () => {
    it('asks at once and hands the answer, with its headers, to the first plain GET of the path', async () => {
      const etag = '"catalog-1"';
      const fetch = fakeFetch(
        new Response(JSON.stringify({ data: { products: [1] } }), { status: 200, headers: { ETag: etag } }),
        json(200, { data: { products: [2] } }),
      );
      const api = new ApiClient({ fetch });
      api.prefetch('/api/menus/1/catalog');
      expect(fetch.calls).toEqual([
        {
          url: '/api/menus/1/catalog',
          method: 'GET',
          headers: { Accept: 'application/json' },
          body: undefined,
        },
      ]);
      let seen: string | null = null;
      const first = await api.request('GET', '/api/menus/1/catalog', undefined, { headers: {} }, (r) => {
        seen = r.headers.get('ETag');
      });
      expect(first).toEqual({ products: [1] });
      expect(seen).toBe(etag);
      expect(fetch.calls).toHaveLength(1);
      // Taken once: the next GET goes to the network.
      await expect(api.get('/api/menus/1/catalog')).resolves.toEqual({ products: [2] });
      expect(fetch.calls).toHaveLength(2);
    });

    it('leaves a GET with its own headers and other paths to the network', async () => {
      const fetch = fakeFetch(
        json(200, { data: 'early' }),
        json(200, { data: 'other' }),
        new Response(null, { status: 304 }),
      );
      const api = new ApiClient({ fetch });
      api.prefetch('/api/init');
      api.prefetch('/api/init'); // asked once
      await expect(api.get('/api/branches')).resolves.toBe('other');
      await expect(
        api.get('/api/init', { headers: { 'If-None-Match': '"x"' } }).catch((e: ApiRequestError) => e.status),
      ).resolves.toBe(304);
      await expect(api.get('/api/init')).resolves.toBe('early');
    });

    it('answers errors of a prefetched path as a request would', async () => {
      const fetch = fakeFetch(json(404, { errors: [{ message: 'Produktkatalog wurde nicht gefunden.' }] }));
      const api = new ApiClient({ fetch });
      api.prefetch('/api/menus/9/catalog');
      await expect(api.get('/api/menus/9/catalog')).rejects.toMatchObject({
        status: 404,
        message: 'Produktkatalog wurde nicht gefunden.',
      });
    });

    it('asks again when the early request failed or was not taken in time', async () => {
      jest.useFakeTimers();
      try {
        const fetch = fakeFetch(new TypeError('offline'), json(200, { data: 'second' }));
        const api = new ApiClient({ fetch });
        api.prefetch('/api/init');
        await expect(api.get('/api/init')).resolves.toBe('second');
        expect(fetch.calls).toHaveLength(2);

        const late = fakeFetch(json(200, { data: 'stale' }), json(200, { data: 'fresh' }));
        const slow = new ApiClient({ fetch: late });
        slow.prefetch('/api/init', 1000);
        jest.advanceTimersByTime(1000);
        await expect(slow.get('/api/init')).resolves.toBe('fresh');
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('post', () => {
    it('sends the body as JSON', async () => {
      const fetch = fakeFetch(json(201, { data: { id: 7 } }));
      const api = new ApiClient({ fetch });

      await expect(api.post('/api/things', { name: 'Estrich' })).resolves.toEqual({ id: 7 });
      expect(fetch.calls[0]).toMatchObject({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: { name: 'Estrich' },
      });
    });
  });

  describe('headers', () => {
    it('sends the extra headers of a call', async () => {
      const fetch = fakeFetch(json(201, { data: {} }));
      await new ApiClient({ fetch }).post('/api/orders', {}, { headers: { 'Idempotency-Key': 'k-1' } });
      expect(fetch.calls[0].headers).toMatchObject({ 'Idempotency-Key': 'k-1', Accept: 'application/json' });
    });
  });

  describe('errors', () => {
    it('throws the server errors with the first message as the error message', async () => {
      const errors = [
        { message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', field: 'email' },
        { message: 'Bitte geben Sie Ihren Vornamen ein.', field: 'firstName' },
      ];
      const api = new ApiClient({ fetch: fakeFetch(json(400, { errors })) });

      const error = await api.post('/api/orders', {}).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiRequestError);
      const apiError = error as ApiRequestError;
      expect(apiError.status).toBe(400);
      expect(apiError.message).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      expect(apiError.errors).toEqual(errors);
      expect(apiError.messageFor('firstName')).toBe('Bitte geben Sie Ihren Vornamen ein.');
      expect(apiError.messageFor('phone')).toBeUndefined();
    });

    it('falls back to a German message when the error body is not JSON', async () => {
      const html = new Response('<h1>Bad Gateway</h1>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      });
      const api = new ApiClient({ fetch: fakeFetch(html) });

      await expect(api.get('/api/init')).rejects.toMatchObject({
        status: 502,
        message: 'Ein unbekannter Fehler ist aufgetreten.',
      });
    });

    it('ignores malformed entries in the errors list', async () => {
      const api = new ApiClient({
        fetch: fakeFetch(
          json(409, { errors: [{ code: 1 }, 'text', { message: 'Schon vergeben.', field: 3 }] }),
        ),
      });
      const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiRequestError;
      expect(error.errors).toEqual([{ message: 'Schon vergeben.' }]);
    });

    it('reports an unreachable server as status 0 with a German message', async () => {
      const api = new ApiClient({ fetch: fakeFetch(new TypeError('fetch failed')) });
      await expect(api.get('/api/health')).rejects.toMatchObject({
        status: 0,
        message: 'Der Server ist nicht erreichbar. Bitte überprüfen Sie Ihre Internetverbindung.',
      });
    });

    it('passes an abort through unchanged', async () => {
      const abort = new DOMException('The operation was aborted.', 'AbortError');
      const api = new ApiClient({ fetch: fakeFetch(abort) });
      await expect(api.get('/api/x')).rejects.toBe(abort);
    });
  });

  describe('HTTP 401', () => {
    it('calls onUnauthorized and still rejects with the server message', async () => {
      const onUnauthorized = jest.fn();
      const api = new ApiClient({
        fetch: fakeFetch(json(401, { errors: [{ message: 'Bitte melden Sie sich an.' }] })),
        onUnauthorized,
      });

      await expect(api.get('/api/users')).rejects.toMatchObject({
        status: 401,
        message: 'Bitte melden Sie sich an.',
      });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('does not redirect when the call opts out (the login itself)', async () => {
      const onUnauthorized = jest.fn();
      const api = new ApiClient({ fetch: fakeFetch(json(401, { errors: [] })), onUnauthorized });

      await expect(api.post('/api/auth/login', {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({
        status: 401,
      });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('does not call onUnauthorized for 403', async () => {
      const onUnauthorized = jest.fn();
      const api = new ApiClient({
        fetch: fakeFetch(json(403, { errors: [{ message: 'Keine Berechtigung.' }] })),
        onUnauthorized,
      });
      await expect(api.get('/api/users')).rejects.toMatchObject({ status: 403 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});

describe('ApiRequestError and the reason codes', () => {
  it("reads an entry without a text as its code's text from common's list, and keeps a server text as sent", () => {
    const error = new ApiRequestError(409, [
      { message: '', code: 'already_paid' },
      { message: 'Eigener Text', code: 'slot_full' },
    ]);
    expect(error.errors[0]!.message).toBe('Diese Bestellung ist bereits bezahlt.');
    expect(error.message).toBe('Diese Bestellung ist bereits bezahlt.');
    expect(error.errors[1]!.message).toBe('Eigener Text');
    expect(error.hasCode('slot_full')).toBe(true);
    expect(error.hasCode('sold_out')).toBe(false);
  });

  it('keeps the code and the field of an answer read from the wire', async () => {
    const api = new ApiClient({
      fetch: fakeFetch(
        json(409, {
          errors: [
            { message: 'Ausgeschaltet.', code: 'frontdesk_disabled' },
            { message: 'Voll.', field: 'appointmentDate', code: 'slot_full' },
          ],
        }),
      ),
    });
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.hasCode('frontdesk_disabled')).toBe(true);
    expect(error.errors[1]).toEqual({ message: 'Voll.', field: 'appointmentDate', code: 'slot_full' });
  });
});
