import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  callWebhook,
  outcomeOf,
  redirect,
  renderPaymentPage,
  sendHtml,
  type FakeOutcome,
} from './fake-payment-page.js';

/**
 * A local fake of the Datatrans JSON API v1 (api-reference.datatrans.ch: init `POST /v1/transactions`,
 * status `GET /v1/transactions/{id}`, settle, cancel, credit) and of its webhook: Basic authentication
 * with merchant id and password, amounts in minor units, `{ "error": { "code", "message" } }` bodies, the
 * status machine initialized → authorized → settled (or canceled / failed), and webhooks signed with
 * `Datatrans-Signature: t=<ms>,s0=<HMAC-SHA256(hex key, t + body)>`. The payment page
 * `GET /v1/start/{transactionId}` (served beside the API, as any host but `api.…` is by the product) lets a
 * person or a browser test choose the outcome: the transaction moves, the signed webhook is posted and the
 * browser goes to the success, error or cancel URL of the init request.
 */

export interface FakeDatatransTransaction {
  transactionId: string;
  merchantId: string;
  type: 'payment' | 'credit';
  status: 'initialized' | 'authenticated' | 'authorized' | 'settled' | 'transmitted' | 'canceled' | 'failed';
  currency: string;
  refno: string;
  paymentMethod?: string;
  detail: {
    init: { expires: string };
    authorize?: { amount: number; acquirerAuthorizationCode: string };
    settle?: { amount: number };
    fail?: { reason: string; message: string };
  };
  /** Not part of Datatrans' status answer: what was asked at init. */
  _init: { amount: number; redirect: Record<string, string>; webhook?: { url: string } };
}

export interface FakeDatatransRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export class DatatransFake {
  readonly transactions = new Map<string, FakeDatatransTransaction>();
  readonly requests: FakeDatatransRequest[] = [];
  down = false;
  private server?: http.Server;
  url = '';

  /** Where the payment page reports the webhooks it called (silent by default). */
  log: (line: string) => void = () => {};

  constructor(
    readonly merchantId = '1100012345',
    readonly password = 'dt-test-password',
    /** Hex HMAC key, as the Datatrans back office shows it. */
    readonly signKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
  ) {}

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        if ((req.url ?? '').startsWith('/v1/start/'))
          return void this.page(req.method ?? 'GET', req.url ?? '/', raw, res);
        const { status, body } = this.handle(
          req.method ?? 'GET',
          req.url ?? '/',
          req.headers.authorization,
          raw,
        );
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /**
   * The payment page. Paid authorises the card (the shop settles it), failed and canceled end the
   * transaction; each posts the signed webhook. Expired is the customer walking away: nothing is posted,
   * the transaction stays initialised (the shop's poll job expires the order) and the browser leaves
   * through the cancel URL.
   */
  private async page(method: string, url: string, raw: string, res: http.ServerResponse): Promise<void> {
    const id = decodeURIComponent(url.split('?')[0]!.slice('/v1/start/'.length));
    const t = this.transactions.get(id);
    if (!t || t.type !== 'payment')
      return sendHtml(res, 404, '<!doctype html><title>Datatrans</title><p>Transaktion nicht gefunden.</p>');
    if (method === 'GET')
      return sendHtml(
        res,
        200,
        renderPaymentPage(
          {
            provider: 'Datatrans',
            reference: t.transactionId,
            amount: `${(t._init.amount / 100).toFixed(2)} ${t.currency}`,
            description: t.refno,
            note:
              'Bezahlt autorisiert die Karte, fehlgeschlagen und abgebrochen beenden die Transaktion; ' +
              'jede ruft den signierten Webhook. Abgelaufen: kein Webhook, zurück über die cancelUrl. ' +
              'Paid authorises, failed/canceled end the transaction and post the signed webhook; expired posts nothing.',
          },
          `/v1/start/${encodeURIComponent(id)}`,
        ),
      );
    const outcome = outcomeOf(raw);
    if (!outcome || method !== 'POST') return sendHtml(res, 400, '<!doctype html><p>Unbekannte Auswahl.</p>');
    const target: Record<FakeOutcome, string | undefined> = {
      paid: t._init.redirect.successUrl,
      failed: t._init.redirect.errorUrl,
      canceled: t._init.redirect.cancelUrl,
      expired: t._init.redirect.cancelUrl,
    };
    if (t.status === 'initialized' && outcome !== 'expired') {
      if (outcome === 'paid') this.authorize(id);
      else this.end(id, outcome);
      if (t._init.webhook?.url) {
        const body = this.webhookBody(id);
        await callWebhook(
          t._init.webhook.url,
          { body, headers: { 'content-type': 'application/json', 'datatrans-signature': this.sign(body) } },
          this.log,
        );
      } else this.log(`${id} ${outcome}: no webhook URL (the shop will poll)`);
    }
    const location = target[outcome];
    if (!location) return sendHtml(res, 200, `<!doctype html><p>${outcome}: keine Rücksprung-URL.</p>`);
    redirect(res, location);
  }

  last(): FakeDatatransTransaction {
    const all = [...this.transactions.values()].filter((t) => t.type === 'payment');
    if (!all.length) throw new Error('no Datatrans transaction yet');
    return all[all.length - 1]!;
  }

  /** The customer paid on the payment page: the transaction is authorised (not yet settled). */
  authorize(id: string): void {
    const t = this.transactions.get(id)!;
    t.status = 'authorized';
    t.paymentMethod = 'VIS';
    t.detail.authorize = { amount: t._init.amount, acquirerAuthorizationCode: '100000' };
  }

  /** The customer cancelled on the payment page, or the card was declined. */
  end(id: string, status: 'canceled' | 'failed'): void {
    const t = this.transactions.get(id)!;
    t.status = status;
    if (status === 'failed') t.detail.fail = { reason: 'DECLINED', message: 'declined' };
  }

  /** The webhook body Datatrans posts: the transaction as its status answer shows it. */
  webhookBody(id: string): string {
    const { _init: _ignored, ...status } = this.transactions.get(id)!;
    return JSON.stringify(status);
  }

  /** `Datatrans-Signature` of a body at a time (ms), with this fake's sign key unless another is given. */
  sign(body: string, timestamp = Date.now(), key = this.signKey): string {
    const s0 = createHmac('sha256', Buffer.from(key, 'hex'))
      .update(String(timestamp))
      .update(body)
      .digest('hex');
    return `t=${timestamp},s0=${s0}`;
  }

  private error(status: number, code: string, message: string) {
    return { status, body: { error: { code, message } } };
  }

  private handle(method: string, url: string, authorization: string | undefined, raw: string) {
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return this.error(400, 'INVALID_JSON_PAYLOAD', 'The request body is not valid JSON');
    }
    const path = url.split('?')[0]!;
    this.requests.push({ method, path, authorization, body });
    if (this.down) return { status: 503, body: undefined };
    const expected = `Basic ${Buffer.from(`${this.merchantId}:${this.password}`).toString('base64')}`;
    if (authorization !== expected) return this.error(401, 'UNAUTHORIZED', 'Invalid merchantId or password');
    if (method === 'POST' && path === '/v1/transactions') return this.init(body ?? {});
    const match = /^\/v1\/transactions\/([^/]+)(?:\/(settle|cancel|credit))?$/.exec(path);
    if (!match) return this.error(404, 'NOT_FOUND', 'Unknown path');
    const t = this.transactions.get(match[1]!);
    if (!t) return this.error(404, 'TRANSACTION_NOT_FOUND', 'No transaction found with this transactionId');
    const action = match[2];
    if (!action && method === 'GET') {
      const { _init: _ignored, ...status } = t;
      return { status: 200, body: status };
    }
    if (method !== 'POST') return this.error(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    if (action === 'settle') {
      if (t.status !== 'authorized')
        return this.error(400, 'INVALID_TRANSACTION_STATUS', `Transaction is ${t.status}`);
      if (
        !Number.isInteger(body?.amount) ||
        body.amount > t.detail.authorize!.amount ||
        body.currency !== t.currency
      )
        return this.error(400, 'INVALID_PROPERTY', 'settle.amount');
      t.status = 'settled';
      t.detail.settle = { amount: body.amount };
      return { status: 204, body: undefined };
    }
    if (action === 'cancel') {
      if (t.status !== 'authorized' && t.status !== 'initialized')
        return this.error(400, 'INVALID_TRANSACTION_STATUS', `Transaction is ${t.status}`);
      t.status = 'canceled';
      return { status: 204, body: undefined };
    }
    // credit
    if (t.status !== 'settled' && t.status !== 'transmitted')
      return this.error(400, 'INVALID_TRANSACTION_STATUS', `Transaction is ${t.status}`);
    if (!Number.isInteger(body?.amount) || body.amount > (t.detail.settle?.amount ?? 0))
      return this.error(400, 'INVALID_PROPERTY', 'credit.amount');
    const credit: FakeDatatransTransaction = {
      ...t,
      transactionId: String(randomInt(10 ** 9, 10 ** 10)),
      type: 'credit',
      status: 'settled',
      refno: body.refno ?? t.refno,
      detail: { init: t.detail.init, settle: { amount: body.amount } },
    };
    this.transactions.set(credit.transactionId, credit);
    return {
      status: 200,
      body: { transactionId: credit.transactionId, acquirerAuthorizationCode: '100000' },
    };
  }

  private init(body: any) {
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency))
      return this.error(400, 'INVALID_PROPERTY', 'init.currency');
    if (typeof body.refno !== 'string' || body.refno.length < 1 || body.refno.length > 20)
      return this.error(400, 'INVALID_PROPERTY', 'init.refno');
    if (!Number.isInteger(body.amount) || body.amount < 0)
      return this.error(400, 'INVALID_PROPERTY', 'init.amount');
    for (const key of ['successUrl', 'cancelUrl', 'errorUrl'])
      if (body.redirect?.[key] !== undefined && !/^https?:\/\//.test(body.redirect[key]))
        return this.error(400, 'INVALID_PROPERTY', `init.redirect.${key}`);
    const transactionId = String(randomInt(10 ** 9, 10 ** 10));
    this.transactions.set(transactionId, {
      transactionId,
      merchantId: this.merchantId,
      type: 'payment',
      status: 'initialized',
      currency: body.currency,
      refno: body.refno,
      detail: { init: { expires: new Date(Date.now() + 30 * 60_000).toISOString() } },
      _init: {
        amount: body.amount,
        redirect: body.redirect ?? {},
        ...(body.webhook ? { webhook: body.webhook } : {}),
      },
    });
    return { status: 201, body: { transactionId } };
  }
}

/**
 * A voucher issuer's check endpoint as docs/decisions/payments.md describes it: `POST /` with
 * `{ code, currency }` and a Bearer key; 200 `{ valid: true, balance }`, 404 for an unknown code.
 */
export class VoucherFake {
  readonly codes = new Map<string, number>();
  readonly requests: Array<{ authorization?: string; body: unknown }> = [];
  down = false;
  private server?: http.Server;
  url = '';

  constructor(readonly apiKey = 'voucher-test-key') {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const body = raw ? (JSON.parse(raw) as { code?: string }) : {};
        this.requests.push({ authorization: req.headers.authorization, body });
        const send = (status: number, answer: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        };
        if (this.down) return send(503, { error: 'unavailable' });
        if (req.headers.authorization !== `Bearer ${this.apiKey}`)
          return send(401, { error: 'unauthorized' });
        const balance = this.codes.get(String(body.code));
        if (balance === undefined) return send(404, { valid: false });
        send(200, { valid: true, balance });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
