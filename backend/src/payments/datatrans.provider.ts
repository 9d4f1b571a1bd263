import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderRefused,
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderSecrets,
  type StartedPayment,
  type StartPayment,
} from './payment-provider.js';

/** Datatrans transaction statuses and ours (docs.datatrans.ch, "Transaction status"). */
const STATE_OF: Record<string, ProviderPayment['state']> = {
  initialized: 'open',
  challenge_required: 'open',
  challenge_ongoing: 'open',
  authenticated: 'open',
  authorized: 'authorized',
  settled: 'paid',
  transmitted: 'paid',
  canceled: 'canceled',
  failed: 'failed',
};

/** A signed webhook older (or newer) than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

/** Why a webhook signature was refused (for the log; the caller answers 401 either way). */
export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * Checks `Datatrans-Signature: t=<unix ms>,s0=<hex HMAC-SHA256>`: the HMAC with the hex-decoded sign key
 * over the timestamp followed by the raw body, compared in constant time, and the timestamp within
 * {@link SIGNATURE_MAX_AGE_MS} of now.
 */
export function verifyDatatransSignature(
  header: string | undefined,
  rawBody: Buffer,
  signKeyHex: string,
  now: Date,
): SignatureCheck {
  if (!signKeyHex || !/^[0-9a-f]+$/i.test(signKeyHex) || signKeyHex.length % 2)
    return { ok: false, reason: 'no sign key configured' };
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const [k, ...v] = part.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const timestamp = Number(parts.t);
  const signature = parts.s0 ?? '';
  if (!/^\d{10,16}$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/i.test(signature))
    return { ok: false, reason: 'malformed signature header' };
  const expected = createHmac('sha256', Buffer.from(signKeyHex, 'hex'))
    .update(String(parts.t))
    .update(rawBody)
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return { ok: false, reason: 'wrong signature' };
  if (Math.abs(now.getTime() - timestamp) > SIGNATURE_MAX_AGE_MS)
    return { ok: false, reason: 'stale timestamp' };
  return { ok: true, timestamp };
}

interface DatatransStatus {
  transactionId: string;
  status: string;
  currency?: string;
  refno?: string;
  detail?: {
    authorize?: { amount?: number };
    settle?: { amount?: number };
    init?: { amount?: number };
  };
}

/**
 * Datatrans JSON API (v1): `POST /v1/transactions` starts a Redirect/Lightbox payment, the browser goes to
 * the payment page `…/v1/start/{transactionId}`, the webhook only tells us to look, `GET
 * /v1/transactions/{id}` says what happened, and an authorised transaction is settled once we accept the
 * order (`autoSettle: false`). Basic authentication with merchant id and password.
 */
export class DatatransProvider implements PaymentProvider {
  readonly method = 'datatrans' as const;

  constructor(
    private readonly apiUrl: string,
    private readonly payUrl: string,
  ) {}

  private async request<T>(
    secrets: ProviderSecrets,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T | null> {
    if (!secrets.datatransMerchantId || !secrets.datatransPassword)
      throw new ProviderUnavailable('Datatrans: Händlernummer oder Passwort fehlt in der Konfiguration');
    const auth = Buffer.from(`${secrets.datatransMerchantId}:${secrets.datatransPassword}`).toString(
      'base64',
    );
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderUnavailable(`Datatrans ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (res.ok) return text ? (JSON.parse(text) as T) : null;
    let code = '';
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
    } catch {
      // not JSON: keep the status only
    }
    const message = `Datatrans ${method} ${path}: ${res.status} ${code}`.trim();
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429)
      throw new ProviderRefused(message, res.status);
    throw new ProviderUnavailable(message);
  }

  async start(secrets: ProviderSecrets, input: StartPayment): Promise<StartedPayment> {
    const refno = refnoOf(input.orderId);
    const answer = await this.request<{ transactionId: string }>(
      secrets,
      'POST',
      '/v1/transactions',
      {
        currency: input.currency,
        refno,
        amount: input.amountCents,
        autoSettle: false,
        redirect: { successUrl: input.returnUrl, cancelUrl: input.errorUrl, errorUrl: input.errorUrl },
        ...(input.webhookUrl ? { webhook: { url: input.webhookUrl } } : {}),
      },
      input.idempotencyKey,
    );
    if (!answer?.transactionId) throw new ProviderUnavailable('Datatrans init: keine transactionId');
    return {
      reference: answer.transactionId,
      checkoutUrl: `${this.payUrl}/v1/start/${encodeURIComponent(answer.transactionId)}`,
      mode: /sandbox/.test(this.apiUrl) || !/datatrans\.com/.test(this.apiUrl) ? 'test' : 'live',
      providerStatus: 'initialized',
    };
  }

  async fetch(secrets: ProviderSecrets, reference: string): Promise<ProviderPayment> {
    const status = await this.request<DatatransStatus>(
      secrets,
      'GET',
      `/v1/transactions/${encodeURIComponent(reference)}`,
    );
    if (!status) throw new ProviderUnavailable('Datatrans status: leere Antwort');
    const amount = status.detail?.settle?.amount ?? status.detail?.authorize?.amount ?? null;
    return {
      reference: status.transactionId,
      state: STATE_OF[status.status] ?? 'open',
      providerStatus: status.status,
      amountCents: typeof amount === 'number' ? amount : null,
      currency: status.currency ?? null,
      orderRef: status.refno ?? null,
    };
  }

  async capture(
    secrets: ProviderSecrets,
    payment: { reference: string; amountCents: number; currency: string; orderRef: string },
  ): Promise<void> {
    await this.request(secrets, 'POST', `/v1/transactions/${encodeURIComponent(payment.reference)}/settle`, {
      amount: payment.amountCents,
      currency: payment.currency,
      refno: payment.orderRef,
    });
  }

  async cancel(secrets: ProviderSecrets, payment: { reference: string; orderRef: string }): Promise<void> {
    await this.request(secrets, 'POST', `/v1/transactions/${encodeURIComponent(payment.reference)}/cancel`, {
      refno: payment.orderRef,
    });
  }

  async refund(
    secrets: ProviderSecrets,
    payment: { reference: string; amountCents: number; currency: string; orderRef: string },
    idempotencyKey: string,
  ): Promise<string> {
    const answer = await this.request<{ transactionId: string }>(
      secrets,
      'POST',
      `/v1/transactions/${encodeURIComponent(payment.reference)}/credit`,
      { amount: payment.amountCents, currency: payment.currency, refno: payment.orderRef },
      idempotencyKey,
    );
    return answer?.transactionId ?? 'credit';
  }
}

/** Our reference at Datatrans (refno, at most 20 characters): the order id. */
export const refnoOf = (orderId: number) => `bestellung-${orderId}`;
