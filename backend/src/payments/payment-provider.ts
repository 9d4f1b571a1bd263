import type { PaymentState } from './payment.entity.js';

/** The shop's provider credentials (shop configuration secrets; never logged, never sent to a client). */
export interface ProviderSecrets {
  mollieApiKey: string;
  datatransMerchantId: string;
  datatransPassword: string;
  /** Hex-encoded HMAC key of the Datatrans webhook signature. */
  datatransSign: string;
}

/** What a provider needs to start a payment. Amounts are integer cents from the server's pricing. */
export interface StartPayment {
  orderId: number;
  orderUid: string;
  amountCents: number;
  currency: string;
  /** German text the customer sees at the provider ("Bestellung 17 – Gasthaus Zur Linde"). */
  description: string;
  /** Where the browser returns after paying: the status page. */
  returnUrl: string;
  /** Where the browser goes after a failed or cancelled payment (providers that distinguish it). */
  errorUrl: string;
  /** Where the provider reports a change. */
  webhookUrl: string | null;
  /** Stable per order, so a repeated start never creates a second payment. */
  idempotencyKey: string;
  /**
   * A card payment at this Mollie point-of-sale terminal (`term_…`): Mollie sends the payment to the
   * terminal, there is no checkout page.
   */
  terminalId?: string;
}

export interface StartedPayment {
  reference: string;
  /** Where the customer pays; null for a payment at a terminal. */
  checkoutUrl: string | null;
  mode: 'test' | 'live';
  providerStatus: string;
}

/**
 * A payment as the provider reports it. `authorized` means the money is reserved but not yet taken
 * (Datatrans before settlement).
 */
export interface ProviderPayment {
  reference: string;
  state: Exclude<PaymentState, 'created' | 'refunded'> | 'authorized';
  providerStatus: string;
  amountCents: number | null;
  currency: string | null;
  /** Our order reference as the provider stored it (Mollie metadata, Datatrans refno). */
  orderRef: string | null;
}

/** The provider could not be reached or failed (network, 5xx, timeout, rejected credentials). */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** The provider refused the request itself (4xx): retrying the same request will not help. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

/**
 * One online payment provider. Implementations talk to the provider's documented HTTP API at the base
 * URL from the environment (MOLLIE_API_URL, DATATRANS_API_URL), so tests run them against local fakes.
 */
export interface PaymentProvider {
  readonly method: 'mollie' | 'datatrans';
  /** Creates the payment and returns where the customer pays. */
  start(secrets: ProviderSecrets, input: StartPayment): Promise<StartedPayment>;
  /** Reads the payment's status from the provider: the only source of truth for "paid". */
  fetch(secrets: ProviderSecrets, reference: string): Promise<ProviderPayment>;
  /** Takes reserved money (Datatrans: settle an authorised transaction). */
  capture(
    secrets: ProviderSecrets,
    payment: { reference: string; amountCents: number; currency: string; orderRef: string },
  ): Promise<void>;
  /** Cancels a payment that is not completed (best effort: some methods cannot be cancelled). */
  cancel(secrets: ProviderSecrets, payment: { reference: string; orderRef: string }): Promise<void>;
  /** Refunds a completed payment in full; returns the provider's refund id. */
  refund(
    secrets: ProviderSecrets,
    payment: { reference: string; amountCents: number; currency: string; orderRef: string },
    idempotencyKey: string,
  ): Promise<string>;
}

/** `1234` → `"12.34"`: the amount string Mollie expects (always two decimals). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `"12.34"` → `1234` (exact: no float arithmetic). */
export function decimalToCents(value: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Gives up waiting after `ms` (the provider call may still finish; callers treat it as unavailable). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProviderUnavailable(`${what}: keine Antwort nach ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a provider call may take before the customer gets "not available". */
export const PROVIDER_TIMEOUT_MS = 20_000;
