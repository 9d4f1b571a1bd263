import type { MollieClient } from '@mollie/api-client';
import {
  centsToDecimal,
  decimalToCents,
  PROVIDER_TIMEOUT_MS,
  ProviderRefused,
  ProviderUnavailable,
  withTimeout,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderSecrets,
  type StartedPayment,
  type StartPayment,
} from './payment-provider.js';

/** A point-of-sale terminal as the back office lists it. */
export interface MollieTerminal {
  id: string;
  description: string;
  /** `pending`, `active` or `inactive`. */
  status: string;
  brand: string | null;
  model: string | null;
}

/** Mollie's payment statuses and ours (docs.mollie.com, "Payment status changes"). */
const STATE_OF: Record<string, ProviderPayment['state']> = {
  open: 'open',
  pending: 'open',
  authorized: 'paid', // only for pay-later methods; Mollie captures them itself with the default settings
  paid: 'paid',
  canceled: 'canceled',
  expired: 'expired',
  failed: 'failed',
};

/** Maps the client's errors: a 4xx (but 401 and 429) is a refusal; anything else means "unavailable". */
function providerError(err: unknown, what: string): Error {
  const status = (err as { statusCode?: number }).statusCode;
  const detail = (err as { message?: string }).message ?? String(err);
  if (status && status >= 400 && status < 500 && status !== 401 && status !== 429)
    return new ProviderRefused(`Mollie ${what}: ${status} ${detail}`, status);
  return new ProviderUnavailable(`Mollie ${what}: ${status ?? 'Netzwerk'} ${detail}`);
}

const loadMollie = () => import('@mollie/api-client');

/**
 * Mollie Payments API v2 through the official `@mollie/api-client`. Test and live mode are chosen by the
 * key's prefix (`test_…` / `live_…`); the API root is MOLLIE_API_URL (the client's `apiEndpoint`).
 */
export class MollieProvider implements PaymentProvider {
  readonly method = 'mollie' as const;
  private readonly clients = new Map<string, MollieClient>();

  constructor(private readonly apiEndpoint: string) {}

  private library?: ReturnType<typeof loadMollie>;

  /**
   * The client library, loaded at the first call (docs/decisions/memory.md): a shop that takes no Mollie
   * payments does not hold it.
   */
  private load() {
    this.library ??= loadMollie();
    return this.library;
  }

  private async client(secrets: ProviderSecrets): Promise<MollieClient> {
    const key = secrets.mollieApiKey;
    if (!/^(test|live)_\w{20,}$/.test(key))
      throw new ProviderUnavailable('Mollie: kein gültiger API-Schlüssel in der Konfiguration');
    let client = this.clients.get(key);
    if (!client) {
      const { createMollieClient } = await this.load();
      client = createMollieClient({ apiKey: key, apiEndpoint: this.apiEndpoint });
      this.clients.clear(); // one key at a time: a changed key replaces the old client
      this.clients.set(key, client);
    }
    return client;
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(run(), PROVIDER_TIMEOUT_MS, `Mollie ${what}`);
    } catch (err) {
      if (err instanceof ProviderUnavailable || err instanceof ProviderRefused) throw err;
      throw providerError(err, what);
    }
  }

  async start(secrets: ProviderSecrets, input: StartPayment): Promise<StartedPayment> {
    const client = await this.client(secrets);
    const { PaymentMethod } = await this.load();
    const payment = await this.call('payments.create', () =>
      client.payments.create({
        amount: { currency: input.currency, value: centsToDecimal(input.amountCents) },
        description: input.description,
        // A terminal payment has no page to return from (docs: redirectUrl only for online methods).
        ...(input.terminalId ? {} : { redirectUrl: input.returnUrl }),
        ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
        metadata: { orderUid: input.orderUid, orderId: input.orderId },
        idempotencyKey: input.idempotencyKey,
        // Point of sale (docs.mollie.com "Integrating Mollie Terminals"): the payment goes to the terminal.
        ...(input.terminalId ? { method: PaymentMethod.pointofsale, terminalId: input.terminalId } : {}),
      }),
    );
    const checkoutUrl = payment.getCheckoutUrl();
    if (!checkoutUrl && !input.terminalId)
      throw new ProviderUnavailable('Mollie payments.create: kein Checkout-Link');
    return {
      reference: payment.id,
      checkoutUrl,
      mode: secrets.mollieApiKey.startsWith('live_') ? 'live' : 'test',
      providerStatus: payment.status,
    };
  }

  async fetch(secrets: ProviderSecrets, reference: string): Promise<ProviderPayment> {
    const client = await this.client(secrets);
    const payment = await this.call('payments.get', () => client.payments.get(reference));
    const metadata = (payment.metadata ?? {}) as { orderUid?: unknown };
    return {
      reference: payment.id,
      state: STATE_OF[payment.status] ?? 'open',
      providerStatus: payment.status,
      amountCents: decimalToCents(payment.amount.value),
      currency: payment.amount.currency,
      orderRef: typeof metadata.orderUid === 'string' ? metadata.orderUid : null,
    };
  }

  /** The shop's point-of-sale terminals (`GET /v2/terminals`, first page of up to 250). */
  async terminals(secrets: ProviderSecrets): Promise<MollieTerminal[]> {
    const client = await this.client(secrets);
    const page = await this.call('terminals.page', () => client.terminals.page({ limit: 250 }));
    return page.map((t) => ({
      id: t.id,
      description: t.description,
      status: t.status,
      brand: t.brand ?? null,
      model: t.model ?? null,
    }));
  }

  async capture(): Promise<void> {
    // Mollie takes the money itself when the payment is paid.
  }

  async cancel(secrets: ProviderSecrets, payment: { reference: string }): Promise<void> {
    const client = await this.client(secrets);
    await this.call('payments.cancel', () => client.payments.cancel(payment.reference));
  }

  async refund(
    secrets: ProviderSecrets,
    payment: { reference: string; amountCents: number; currency: string; orderRef: string },
    idempotencyKey: string,
  ): Promise<string> {
    const client = await this.client(secrets);
    const refund = await this.call('paymentRefunds.create', () =>
      client.paymentRefunds.create({
        paymentId: payment.reference,
        amount: { currency: payment.currency, value: centsToDecimal(payment.amountCents) },
        description: 'Rückerstattung der stornierten Bestellung',
        metadata: { orderUid: payment.orderRef },
        idempotencyKey,
      }),
    );
    return refund.id;
  }
}
