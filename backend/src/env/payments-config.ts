import { ConfigError } from './config-error.js';

/** Where the payment providers and the voucher issuer are reached (see README "Payments"). */
export interface PaymentsConfig {
  /** Root of the Mollie Payments API v2 (`@mollie/api-client`'s `apiEndpoint`); must be https. */
  mollieApiUrl: string;
  /** Root of the Datatrans JSON API (`…/v1/transactions` below it). */
  datatransApiUrl: string;
  /** Root of the Datatrans payment pages the browser is sent to (`…/v1/start/{transactionId}`). */
  datatransPayUrl: string;
  /** The voucher issuer's check endpoint; without it voucher codes are checked at the counter only. */
  voucherApiUrl?: string;
  /** Bearer token for {@link voucherApiUrl}. */
  voucherApiKey?: string;
}

export const MOLLIE_DEFAULT_URL = 'https://api.mollie.com/v2';
export const DATATRANS_DEFAULT_URL = 'https://api.datatrans.com';

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined, protocols: string[]) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `Die Umgebungsvariable ${name} ist keine gültige URL: "${raw}".`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(
      name,
      `Die Umgebungsvariable ${name} muss mit ${protocols.map((p) => p + '//').join(' oder ')} beginnen, nicht "${parsed.protocol}//".`,
    );
  return raw.replace(/\/+$/, '');
}

/**
 * The Datatrans payment pages live beside the API: `api.sandbox.datatrans.com` → `pay.sandbox.datatrans.com`.
 * Any other host (a local fake) serves both.
 */
export function datatransPayUrlOf(apiUrl: string): string {
  const parsed = new URL(apiUrl);
  if (parsed.hostname.startsWith('api.')) parsed.hostname = `pay.${parsed.hostname.slice(4)}`;
  return parsed.toString().replace(/\/+$/, '');
}

/**
 * Reads MOLLIE_API_URL (https only: the official client talks TLS), DATATRANS_API_URL, VOUCHER_API_URL and
 * VOUCHER_API_KEY. @throws ConfigError naming the wrong variable.
 */
export function readPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const mollie = url(env, 'MOLLIE_API_URL', MOLLIE_DEFAULT_URL, ['https:'])!;
  const datatrans = url(env, 'DATATRANS_API_URL', DATATRANS_DEFAULT_URL, ['http:', 'https:'])!;
  return {
    mollieApiUrl: `${mollie}/`,
    datatransApiUrl: datatrans,
    datatransPayUrl: datatransPayUrlOf(datatrans),
    voucherApiUrl: url(env, 'VOUCHER_API_URL', undefined, ['http:', 'https:']),
    voucherApiKey: env.VOUCHER_API_KEY?.trim() || undefined,
  };
}
