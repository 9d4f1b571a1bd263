import { createHmac } from 'node:crypto';
import { ConfigError } from '../src/env/config-error.js';
import { loadConfig } from '../src/env/config.js';
import { verifyDatatransSignature } from '../src/payments/datatrans.provider.js';
import { centsToDecimal, decimalToCents } from '../src/payments/payment-provider.js';
import { datatransPayUrlOf, readPaymentsConfig } from '../src/env/payments-config.js';
import { reachable } from '../src/payments/payments.service.js';

describe('payments: pure parts', () => {
  describe(verifyDatatransSignature.name, () => {
    const key = '0a1b2c3d4e5f'.repeat(4);
    const body = Buffer.from('{"transactionId":"1234567890","status":"authorized"}');
    const now = new Date('2026-11-20T11:00:00Z');
    const sign = (t: number, b: Buffer = body, k = key) =>
      `t=${t},s0=${createHmac('sha256', Buffer.from(k, 'hex')).update(String(t)).update(b).digest('hex')}`;

    it('accepts the HMAC over timestamp and raw body within five minutes', () => {
      expect(verifyDatatransSignature(sign(now.getTime()), body, key, now)).toEqual({
        ok: true,
        timestamp: now.getTime(),
      });
      expect(verifyDatatransSignature(sign(now.getTime() - 299_000), body, key, now).ok).toBe(true);
    });

    it.each([
      ['missing header', undefined],
      ['no s0', 't=1'],
      ['wrong key', 'other'],
      ['other body', 'body'],
      ['stale', 'stale'],
      ['from the future', 'future'],
    ])('refuses %s', (_name, kind) => {
      const header =
        kind === 'other'
          ? sign(now.getTime(), body, 'ff'.repeat(24))
          : kind === 'body'
            ? sign(now.getTime(), Buffer.from('{}'))
            : kind === 'stale'
              ? sign(now.getTime() - 301_000)
              : kind === 'future'
                ? sign(now.getTime() + 301_000)
                : kind;
      expect(verifyDatatransSignature(header, body, key, now).ok).toBe(false);
    });

    it('refuses everything without a configured key', () => {
      expect(verifyDatatransSignature(sign(now.getTime()), body, '', now)).toEqual({
        ok: false,
        reason: 'no sign key configured',
      });
    });
  });

  it('formats and parses amounts exactly', () => {
    expect([1, 10, 1250, 100000, 0].map(centsToDecimal)).toEqual([
      '0.01',
      '0.10',
      '12.50',
      '1000.00',
      '0.00',
    ]);
    expect(['12.50', '0.01', '7', '7.5', 'x'].map(decimalToCents)).toEqual([1250, 1, 700, 750, null]);
  });

  it('gives providers no webhook URL they cannot reach', () => {
    expect(reachable('https://bestellen.example.at')).toBe(true);
    expect(reachable('http://localhost:3000')).toBe(false);
    expect(reachable('http://127.0.0.1:3000')).toBe(false);
    expect(reachable('http://shop.localhost')).toBe(false);
    // A provider on this machine (the local fakes of `npm run fakes`) reaches a loopback shop.
    expect(reachable('http://localhost:3000', 'https://127.0.0.1:4443/v2/')).toBe(true);
    expect(reachable('http://localhost:3000', 'https://api.mollie.com/v2/')).toBe(false);
  });

  describe(readPaymentsConfig.name, () => {
    it('defaults to the providers own hosts and derives the payment pages', () => {
      expect(readPaymentsConfig({})).toEqual({
        mollieApiUrl: 'https://api.mollie.com/v2/',
        datatransApiUrl: 'https://api.datatrans.com',
        datatransPayUrl: 'https://pay.datatrans.com',
        voucherApiUrl: undefined,
        voucherApiKey: undefined,
      });
      expect(datatransPayUrlOf('https://api.sandbox.datatrans.com')).toBe(
        'https://pay.sandbox.datatrans.com',
      );
      expect(datatransPayUrlOf('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    });

    it('stops the start with a German sentence naming the variable', () => {
      expect(() => loadConfig({ MOLLIE_API_URL: 'http://127.0.0.1:1/v2' })).toThrow(
        new ConfigError(
          'MOLLIE_API_URL',
          'Die Umgebungsvariable MOLLIE_API_URL muss mit https:// beginnen, nicht "http://".',
        ),
      );
      expect(() => loadConfig({ DATATRANS_API_URL: 'kein url' })).toThrow(
        'Die Umgebungsvariable DATATRANS_API_URL ist keine gültige URL: "kein url".',
      );
      expect(
        loadConfig({ DATATRANS_API_URL: 'https://api.sandbox.datatrans.com/' }).payments.datatransApiUrl,
      ).toBe('https://api.sandbox.datatrans.com');
    });
  });
});
