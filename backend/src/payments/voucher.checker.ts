import { z } from 'zod';
import { reasonError } from '../core/errors.js';
import type { PaymentsConfig } from '../env/payments-config.js';

/** A voucher code as printed: 4 to 64 letters, digits and dashes (spaces dropped, upper case). */
const voucherField = z.object({ voucherCode: z.unknown().optional(), paymentMethod: z.unknown().optional() });

/** What the issuer said about a code: valid, with the remaining balance in major units when it tells. */
export interface VoucherCheck {
  code: string;
  /** Remaining value; null when the issuer does not tell (or no issuer endpoint is configured). */
  balance: number | null;
  /** Whether the issuer checked it (false: no VOUCHER_API_URL, staff check the voucher at the counter). */
  checked: boolean;
}

/**
 * The voucher code of an order paid with `hydro-ag-voucher`, checked with the issuer before the order is
 * written (see docs/decisions/payments.md): `POST VOUCHER_API_URL` with `{ code, currency }` and
 * `Authorization: Bearer VOUCHER_API_KEY`; 200 `{ valid, balance? }` or 404 for an unknown code.
 */
export class VoucherChecker {
  constructor(private readonly config: PaymentsConfig) {}

  /** Null for other payment methods. @throws DomainError 400 voucher_invalid, 503 voucher_check_unavailable. */
  /** Whether the body pays by voucher at all ({@link check} answers null otherwise). */
  applies(body: unknown): boolean {
    const form = voucherField.safeParse(body ?? {});
    return form.success && form.data.paymentMethod === 'hydro-ag-voucher';
  }

  async check(body: unknown, currency: string): Promise<VoucherCheck | null> {
    const form = voucherField.safeParse(body ?? {});
    if (!form.success || form.data.paymentMethod !== 'hydro-ag-voucher') return null;
    const code =
      typeof form.data.voucherCode === 'string'
        ? form.data.voucherCode.replace(/\s+/g, '').toUpperCase()
        : '';
    if (!code) throw reasonError('validation', 'voucher_required', 'voucherCode');
    if (!/^[A-Za-z0-9-]{4,64}$/.test(code)) throw reasonError('validation', 'voucher_invalid', 'voucherCode');
    if (!this.config.voucherApiUrl) return { code, balance: null, checked: false };
    let res: Response;
    try {
      res = await fetch(this.config.voucherApiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.voucherApiKey ? { authorization: `Bearer ${this.config.voucherApiKey}` } : {}),
        },
        body: JSON.stringify({ code, currency }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw reasonError('unavailable', 'voucher_check_unavailable', 'voucherCode');
    }
    if (res.status === 404 || res.status === 422)
      throw reasonError('validation', 'voucher_invalid', 'voucherCode');
    if (!res.ok) throw reasonError('unavailable', 'voucher_check_unavailable', 'voucherCode');
    const answer = (await res.json().catch(() => null)) as { valid?: unknown; balance?: unknown } | null;
    if (answer?.valid !== true) throw reasonError('validation', 'voucher_invalid', 'voucherCode');
    return { code, balance: typeof answer.balance === 'number' ? answer.balance : null, checked: true };
  }
}
