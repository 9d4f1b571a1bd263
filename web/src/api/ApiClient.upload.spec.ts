import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import NodeXMLHttpRequest from 'xhr2';
import { messages } from '../i18n/messages';
import { ApiClient, ApiRequestError } from './ApiClient';

// The upload path of the API client (XMLHttpRequest, for `upload.onprogress`) against a real local HTTP
// server: the same headers, answers and errors as the fetch path. Node has no XMLHttpRequest, so `xhr2`
// stands in for the browser's; it sends a body in one write and reports no intermediate upload events,
// so the bar moving during a slow upload is shown by the browser test (e2e/editors.spec.ts).

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, bytes: body.length });
      const send = (status: number, payload: string, type = 'application/json') => {
        response.writeHead(status, { 'Content-Type': type, 'X-Total-Count': '1' });
        response.end(payload);
      };
      if (request.url === '/api/images') {
        const { name, data } = JSON.parse(body.toString('utf8')) as { name: string; data: string };
        send(201, JSON.stringify({ data: { id: 7, name, length: data.length } }));
      } else if (request.url === '/api/expired') {
        send(401, JSON.stringify({ errors: [{ message: 'Bitte erneut anmelden.' }] }));
      } else if (request.url === '/api/refused') {
        send(
          422,
          JSON.stringify({
            errors: [{ field: 'data', message: 'Die Datei ist zu groß.' }, { message: 'Zweite Meldung.' }],
          }),
        );
      } else if (request.url === '/api/proxy') {
        send(502, '<html><body>Bad Gateway</body></html>', 'text/html');
      } else if (request.url === '/api/empty') {
        response.writeHead(204);
        response.end();
      } else send(404, JSON.stringify({ errors: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

function client(onUnauthorized?: () => void) {
  return new ApiClient({ baseUrl: base, xhr: () => new NodeXMLHttpRequest(), onUnauthorized });
}

describe('ApiClient upload path (XMLHttpRequest with upload progress)', () => {
  it('sends the JSON body with the usual headers and CSRF token, unwraps { data } and ends the progress at 1', async () => {
    const api = client();
    api.setCsrfToken('token-1');
    const progress: number[] = [];
    const data = `data:image/png;base64,${'A'.repeat(200_000)}`;

    const saved = await api.post<{ id: number; name: string; length: number }>(
      '/api/images',
      { name: 'gross.png', data },
      { onUploadProgress: (fraction) => progress.push(fraction) },
    );

    expect(saved).toEqual({ id: 7, name: 'gross.png', length: data.length });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/images' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(seen[0]!.bytes).toBe(JSON.stringify({ name: 'gross.png', data }).length);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('calls onUnauthorized on 401 and throws the server message', async () => {
    let redirected = 0;
    const api = client(() => redirected++);
    const error = await api
      .post('/api/expired', { data: 'x' }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e);
    expect(redirected).toBe(1);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, message: 'Bitte erneut anmelden.' });
  });

  it('keeps the server errors in order, the first one as the message, the field at its entry', async () => {
    const error = (await client()
      .put('/api/refused', { data: 'x' }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(422);
    expect(error.message).toBe('Die Datei ist zu groß.');
    expect(error.messageFor('data')).toBe('Die Datei ist zu groß.');
    expect(error.errors).toEqual([
      { field: 'data', message: 'Die Datei ist zu groß.' },
      { message: 'Zweite Meldung.' },
    ]);
  });

  it('falls back to the German text when the answer is not the API’s JSON', async () => {
    const error = (await client()
      .post('/api/proxy', { data: 'x' }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(502);
    expect(error.message).toBe(messages.unknownError);
  });

  it('resolves undefined for 204', async () => {
    await expect(
      client().post('/api/empty', { data: 'x' }, { onUploadProgress: () => undefined }),
    ).resolves.toBeUndefined();
  });

  it('reports an unreachable server as status 0 with the German network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, xhr: () => new NodeXMLHttpRequest() });
    const error = (await api
      .post('/api/images', { data: 'x' }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.networkError);
  });
});
