import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { callWebhook, outcomeOf, redirect, renderPaymentPage, sendHtml } from './fake-payment-page.js';

/**
 * A local fake of the Mollie Payments API v2 (docs.mollie.com/reference: create, get and cancel payment,
 * create payment refund), served over HTTPS because the official client only speaks TLS. Requests are
 * checked as Mollie checks them (Bearer key `test_…`/`live_…`, amount as a string with two decimals,
 * description and redirectUrl required) and errors come back in Mollie's body
 * (`{ status, title, detail, field?, _links }`, `application/hal+json`). Idempotency keys replay the first
 * answer. Tests move a payment through its statuses with {@link MollieFake.setStatus}; people and browser
 * tests use the hosted checkout page (plain HTTP on its own port, like Mollie's checkout beside its API),
 * whose buttons set the status, post the webhook (`id=tr_…`) and redirect to the `redirectUrl`.
 */

/** Test-only self-signed certificate for 127.0.0.1 and localhost (never used outside the test tree). */
export const FAKE_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBwjCCAWmgAwIBAgIUcWyqEXOJ9XLivFHVpMbKXZ6h2rwwCgYIKoZIzj0EAwIw
KDEmMCQGA1UEAwwdQmVzdGVsbHBsYXR0Zm9ybSBUZXN0YW5iaWV0ZXIwIBcNMjYx
MTIzMDk0MjIzWhgPMjEyNjEwMzAwOTQyMjNaMCgxJjAkBgNVBAMMHUJlc3RlbGxw
bGF0dGZvcm0gVGVzdGFuYmlldGVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
1OqB4IbMV/JIdaZ+6ja1huSWAe8pG0zhdOuM/iRr98+qbHjA8ioe8YpDWKjRGEvL
HnpXXO6Fg/+YyL2Pn2x46qNvMG0wHQYDVR0OBBYEFA6h6iURhBCkGHVv4ks0B7Ht
k2vlMB8GA1UdIwQYMBaAFA6h6iURhBCkGHVv4ks0B7Htk2vlMA8GA1UdEwEB/wQF
MAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJbG9jYWxob3N0MAoGCCqGSM49BAMCA0cA
MEQCIFKNJmqxKUK236B7oNnLfiFykXRUiJc96R+p2BdC0dCJAiAgYiZmFPxPjjtD
zTJNUQWZ7SYy3sgRz36JB9w3wnKC5A==
-----END CERTIFICATE-----`;
const FAKE_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgxvUOVGQ9WJ5/efoR
ckMAmqWCVqmf635Y6slTvRgHmEyhRANCAATU6oHghsxX8kh1pn7qNrWG5JYB7ykb
TOF064z+JGv3z6pseMDyKh7xikNYqNEYS8seeldc7oWD/5jIvY+fbHjq
-----END PRIVATE KEY-----`;

let trusted = false;
/**
 * Lets this process's TLS clients trust {@link FAKE_TLS_CERT} besides their own CA list. The Mollie
 * client pins Mozilla's CA bundle on its agent, so NODE_EXTRA_CA_-----BEGIN CERTIFICATE-----
MIIBwjCCAWmgAwIBAgIUcWyqEXOJ9XLivFHVpMbKXZ6h2rwwCgYIKoZIzj0EAwIw
KDEmMCQGA1UEAwwdQmVzdGVsbHBsYXR0Zm9ybSBUZXN0YW5iaWV0ZXIwIBcNMjYx
MTIzMDk0MjIzWhgPMjEyNjEwMzAwOTQyMjNaMCgxJjAkBgNVBAMMHUJlc3RlbGxw
bGF0dGZvcm0gVGVzdGFuYmlldGVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
1OqB4IbMV/JIdaZ+6ja1huSWAe8pG0zhdOuM/iRr98+qbHjA8ioe8YpDWKjRGEvL
HnpXXO6Fg/+YyL2Pn2x46qNvMG0wHQYDVR0OBBYEFA6h6iURhBCkGHVv4ks0B7Ht
k2vlMB8GA1UdIwQYMBaAFA6h6iURhBCkGHVv4ks0B7Htk2vlMA8GA1UdEwEB/wQF
MAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJbG9jYWxob3N0MAoGCCqGSM49BAMCA0cA
MEQCIFKNJmqxKUK236B7oNnLfiFykXRUiJc96R+p2BdC0dCJAiAgYiZmFPxPjjtD
zTJNUQWZ7SYy3sgRz36JB9w3wnKC5A==
-----END CERTIFICATE-----S does not reach it; tests add the
 * fake's certificate to the `ca` of every TLS connection instead. Idempotent.
 */
export function trustFakeCertificate(): void {
  if (trusted) return;
  trusted = true;
  const connect = tls.connect;
  (tls as { connect: typeof tls.connect }).connect = function (this: unknown, ...args: unknown[]) {
    const options = args.find((a) => a && typeof a === 'object') as tls.ConnectionOptions | undefined;
    if (options?.ca) options.ca = [...(Array.isArray(options.ca) ? options.ca : [options.ca]), FAKE_TLS_CERT];
    return (connect as (...a: unknown[]) => tls.TLSSocket).apply(this, args);
  } as typeof tls.connect;
}

export interface FakeMolliePayment {
  resource: 'payment';
  id: string;
  mode: 'test' | 'live';
  createdAt: string;
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  metadata: unknown;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
  isCancelable: boolean;
  expiresAt: string;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl?: string;
  webhookUrl?: string;
  /** Point of sale: the terminal and, once paid, the card's details as Mollie reports them. */
  details?: Record<string, unknown>;
  amountRefunded?: { value: string; currency: string };
  _links: Record<string, { href: string; type: string }>;
}

/** A point-of-sale terminal as `GET /v2/terminals` lists it (docs.mollie.com/reference/list-terminals). */
export interface FakeMollieTerminal {
  resource: 'terminal';
  id: string;
  mode: 'test' | 'live';
  description: string;
  status: 'pending' | 'active' | 'inactive';
  brand: string;
  model: string;
  serialNumber: string;
  currency: string;
  profileId: string;
  createdAt: string;
  updatedAt: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface FakeMollieRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
}

const DOCS = { documentation: { href: 'https://docs.mollie.com/errors', type: 'text/html' } };

export class MollieFake {
  readonly payments = new Map<string, FakeMolliePayment>();
  readonly refunds: Array<Record<string, unknown>> = [];
  /** The shop's point-of-sale terminals; one active test terminal to begin with. */
  readonly terminals: FakeMollieTerminal[] = [fakeTerminal('term_7MgL4wea46qkRcoTZjWEH', 'Kiosk 1')];
  readonly requests: FakeMollieRequest[] = [];
  /** Answer every request with 503 (a Mollie outage). */
  down = false;
  private readonly idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  private server?: https.Server;
  private pages?: http.Server;
  url = '';
  /** Root of the hosted checkout pages (`…/checkout/{id}`). */
  pageUrl = '';

  /** @param log where the checkout page reports the webhooks it called (silent by default). */
  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly port = 0,
  ) {}

  async start(): Promise<this> {
    trustFakeCertificate();
    this.pages = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => void this.page(req.method ?? 'GET', req.url ?? '/', raw, res));
    });
    await new Promise<void>((resolve) =>
      this.pages!.listen(this.port ? this.port + 1 : 0, '127.0.0.1', resolve),
    );
    this.pageUrl = `http://127.0.0.1:${(this.pages.address() as AddressInfo).port}`;
    this.server = https.createServer({ cert: FAKE_TLS_CERT, key: FAKE_TLS_KEY }, (req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const { status, body } = this.handle(req.method ?? 'GET', req.url ?? '/', req.headers, raw);
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2/`;
    return this;
  }

  async stop(): Promise<void> {
    for (const server of [this.server, this.pages]) {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    }
  }

  /** The hosted checkout: GET shows the payment, POST applies the chosen outcome. */
  private async page(method: string, url: string, raw: string, res: http.ServerResponse): Promise<void> {
    const match = /^\/checkout\/(tr_\w+)$/.exec(url.split('?')[0]!);
    const payment = match ? this.payments.get(match[1]!) : undefined;
    if (!payment)
      return sendHtml(res, 404, '<!doctype html><title>Mollie</title><p>Zahlung nicht gefunden.</p>');
    if (method === 'GET')
      return sendHtml(
        res,
        200,
        renderPaymentPage(
          {
            provider: 'Mollie',
            reference: payment.id,
            amount: `${payment.amount.value} ${payment.amount.currency}`,
            description: payment.description,
            note:
              'Jede Wahl setzt den Status der Zahlung, ruft den Webhook des Shops (id=tr_…) und leitet zur ' +
              'redirectUrl zurück – wie Mollie. Each choice sets the status, calls the webhook and redirects back.',
          },
          `/checkout/${payment.id}`,
        ),
      );
    const outcome = outcomeOf(raw);
    if (!outcome || method !== 'POST') return sendHtml(res, 400, '<!doctype html><p>Unbekannte Auswahl.</p>');
    if (payment.status === 'open') {
      this.setStatus(payment.id, outcome);
      if (outcome === 'paid') payment.method = 'creditcard';
      if (payment.webhookUrl)
        await callWebhook(
          payment.webhookUrl,
          {
            body: `id=${payment.id}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
          this.log,
        );
      else this.log(`${payment.id} ${outcome}: no webhookUrl (the shop will poll)`);
    }
    redirect(res, payment.redirectUrl ?? '/');
  }

  /**
   * The guest at the terminal (point of sale): presents a card (`paid`), is declined (`failed`), cancels
   * on the terminal (`canceled`) or lets it time out (`expired`); then Mollie calls the webhook
   * (`id=tr_…`, form-encoded), as it does for every status change.
   */
  async tap(id: string, outcome: 'paid' | 'failed' | 'canceled' | 'expired'): Promise<void> {
    const payment = this.payments.get(id);
    if (!payment || payment.method !== 'pointofsale') throw new Error(`no point-of-sale payment ${id}`);
    if (payment.status !== 'open') throw new Error(`${id} is ${payment.status}, not open`);
    this.setStatus(id, outcome);
    if (outcome === 'paid')
      payment.details = {
        ...payment.details,
        cardNumber: '6787',
        cardAudience: 'consumer',
        cardLabel: 'Maestro',
      };
    if (payment.webhookUrl)
      await callWebhook(
        payment.webhookUrl,
        { body: `id=${payment.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        this.log,
      );
  }

  /** Moves a payment to another status, as the customer's actions at Mollie would. */
  setStatus(id: string, status: FakeMolliePayment['status']): void {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    payment.status = status;
    payment.isCancelable = status === 'open';
  }

  /** The payment created last. */
  last(): FakeMolliePayment {
    const all = [...this.payments.values()];
    if (!all.length) throw new Error('no Mollie payment yet');
    return all[all.length - 1]!;
  }

  private error(status: number, title: string, detail: string, field?: string) {
    return { status, body: { status, title, detail, ...(field ? { field } : {}), _links: DOCS } };
  }

  private handle(
    method: string,
    url: string,
    headers: Record<string, string | string[] | undefined>,
    raw: string,
  ): { status: number; body?: unknown } {
    const path = url.split('?')[0]!;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return this.error(400, 'Bad Request', 'The JSON body is invalid');
    }
    const authorization = headers.authorization as string | undefined;
    const idempotencyKey = headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path, authorization, idempotencyKey, body });
    if (this.down) return this.error(503, 'Service Unavailable', 'Mollie is temporarily unavailable');
    const key = /^Bearer ((test|live)_\w{20,})$/.exec(authorization ?? '');
    if (!key)
      return this.error(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    if (idempotencyKey && method !== 'GET') {
      const seen = this.idempotent.get(`${method} ${path} ${idempotencyKey}`);
      if (seen) {
        if (seen.body !== raw)
          return this.error(
            422,
            'Unprocessable Entity',
            'The idempotency key was used with other parameters',
          );
        return { status: seen.status, body: seen.answer };
      }
    }
    const answer = this.route(
      method,
      path,
      body as Record<string, any> | undefined,
      key[2] as 'test' | 'live',
    );
    if (idempotencyKey && method !== 'GET' && answer.status < 300)
      this.idempotent.set(`${method} ${path} ${idempotencyKey}`, {
        body: raw,
        status: answer.status,
        answer: answer.body,
      });
    return answer;
  }

  private route(method: string, path: string, body: Record<string, any> | undefined, mode: 'test' | 'live') {
    if (method === 'POST' && path === '/v2/payments') return this.create(body ?? {}, mode);
    if (method === 'GET' && path === '/v2/terminals') {
      const terminals = this.terminals.filter((t) => t.mode === mode);
      return {
        status: 200,
        body: {
          count: terminals.length,
          _embedded: { terminals },
          _links: {
            self: { href: `${this.url}terminals`, type: 'application/hal+json' },
            previous: null,
            next: null,
            documentation: { href: 'https://docs.mollie.com/reference/list-terminals', type: 'text/html' },
          },
        },
      };
    }
    const one = /^\/v2\/payments\/([^/]+)(\/refunds)?$/.exec(path);
    if (!one) return this.error(404, 'Not Found', 'The resource does not exist');
    const payment = this.payments.get(one[1]!);
    if (!payment) return this.error(404, 'Not Found', `No payment exists with token ${one[1]}.`);
    if (one[2]) {
      if (method !== 'POST') return this.error(405, 'Method Not Allowed', 'Method not allowed');
      if (payment.status !== 'paid')
        return this.error(422, 'Unprocessable Entity', 'The payment is not refundable', 'amount');
      const value = body?.amount?.value;
      if (
        typeof value !== 'string' ||
        !/^\d+\.\d{2}$/.test(value) ||
        Number(value) > Number(payment.amount.value)
      )
        return this.error(
          422,
          'Unprocessable Entity',
          'The amount is higher than the refundable amount',
          'amount',
        );
      const refund = {
        resource: 'refund',
        id: `re_${randomBytes(5).toString('hex')}`,
        amount: body!.amount,
        description: body?.description ?? '',
        metadata: body?.metadata ?? null,
        status: 'pending',
        paymentId: payment.id,
        createdAt: new Date().toISOString(),
        _links: { self: { href: `${this.url}payments/${payment.id}/refunds`, type: 'application/hal+json' } },
      };
      this.refunds.push(refund);
      payment.amountRefunded = body!.amount;
      return { status: 201, body: refund };
    }
    if (method === 'GET') return { status: 200, body: payment };
    if (method === 'DELETE') {
      if (!payment.isCancelable)
        return this.error(422, 'Unprocessable Entity', 'The payment cannot be canceled');
      this.setStatus(payment.id, 'canceled');
      return { status: 200, body: payment };
    }
    return this.error(405, 'Method Not Allowed', 'Method not allowed');
  }

  private create(body: Record<string, any>, mode: 'test' | 'live') {
    const amount = body.amount;
    if (!amount || typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency))
      return this.error(
        422,
        'Unprocessable Entity',
        'The amount contains an invalid currency',
        'amount.currency',
      );
    if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value))
      return this.error(422, 'Unprocessable Entity', 'The amount contains an invalid value', 'amount.value');
    if (Number(amount.value) < 0.01)
      return this.error(422, 'Unprocessable Entity', 'The amount is lower than minimum', 'amount');
    if (typeof body.description !== 'string' || !body.description.trim())
      return this.error(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    // Point of sale: the payment goes to an active terminal of the shop; no checkout page, no redirect needed.
    const pos = body.method === 'pointofsale';
    if (body.method !== undefined && body.method !== 'pointofsale' && body.method !== 'creditcard')
      return this.error(422, 'Unprocessable Entity', 'The payment method is invalid', 'method');
    if (pos) {
      const terminal = this.terminals.find((t) => t.id === body.terminalId && t.mode === mode);
      if (typeof body.terminalId !== 'string' || !terminal)
        return this.error(422, 'Unprocessable Entity', 'The terminal ID is invalid', 'terminalId');
      if (terminal.status !== 'active')
        return this.error(422, 'Unprocessable Entity', 'The terminal is not active', 'terminalId');
    } else if (body.terminalId !== undefined)
      return this.error(
        422,
        'Unprocessable Entity',
        'A terminal ID is only valid with pointofsale',
        'terminalId',
      );
    if (
      (!pos || body.redirectUrl !== undefined) &&
      (typeof body.redirectUrl !== 'string' || !/^https?:\/\//.test(body.redirectUrl))
    )
      return this.error(422, 'Unprocessable Entity', 'The redirect URL is invalid', 'redirectUrl');
    if (body.webhookUrl !== undefined && !/^https?:\/\//.test(String(body.webhookUrl)))
      return this.error(422, 'Unprocessable Entity', 'The webhook URL is invalid', 'webhookUrl');
    const id = `tr_${randomBytes(5).toString('hex')}`;
    const payment: FakeMolliePayment = {
      resource: 'payment',
      id,
      mode,
      createdAt: new Date().toISOString(),
      amount: { value: amount.value, currency: amount.currency },
      description: body.description,
      method: pos ? 'pointofsale' : null,
      metadata: body.metadata ?? null,
      status: 'open',
      isCancelable: true,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      profileId: 'pfl_fake',
      sequenceType: 'oneoff',
      ...(body.redirectUrl ? { redirectUrl: body.redirectUrl } : {}),
      ...(body.webhookUrl ? { webhookUrl: body.webhookUrl } : {}),
      ...(pos ? { details: { terminalId: body.terminalId } } : {}),
      _links: {
        self: { href: `${this.url}payments/${id}`, type: 'application/hal+json' },
      },
    };
    if (!pos)
      payment._links.checkout = {
        href: this.pageUrl
          ? `${this.pageUrl}/checkout/${id}`
          : `https://www.mollie.com/checkout/select-method/${id}`,
        type: 'text/html',
      };
    this.payments.set(id, payment);
    return { status: 201, body: payment };
  }
}

/** A terminal as Mollie lists it (a PAX A920 Pro, active, in test mode). */
export function fakeTerminal(id: string, description: string): FakeMollieTerminal {
  const now = new Date().toISOString();
  return {
    resource: 'terminal',
    id,
    mode: 'test',
    description,
    status: 'active',
    brand: 'PAX',
    model: 'A920',
    serialNumber: '1234567890',
    currency: 'EUR',
    profileId: 'pfl_fake',
    createdAt: now,
    updatedAt: now,
    _links: { self: { href: `https://api.mollie.com/v2/terminals/${id}`, type: 'application/hal+json' } },
  };
}
