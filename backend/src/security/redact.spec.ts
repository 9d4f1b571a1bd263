import { redactUrl } from './redact.js';

describe(redactUrl.name, () => {
  it.each([
    ['/api/auth/login-link/abcDEF_123-xyz', '/api/auth/login-link/[entfernt]'],
    ['/api/auth/login-link/abc?x=1', '/api/auth/login-link/[entfernt]?x=1'],
    ['/api/orders/public/uid-1/geheim', '/api/orders/public/uid-1/[entfernt]'],
    ['/api/orders/public/uid-1/geheim/events', '/api/orders/public/uid-1/[entfernt]/events'],
    ['/api/x?token=abc&page=2', '/api/x?token=[entfernt]&page=2'],
    ['/api/x?Hash=abc&%74oken=def', '/api/x?Hash=[entfernt]&%74oken=[entfernt]'],
    ['/api/x?%E0%A4%A=1', '/api/x?%E0%A4%A=1'],
    ['/api/products?q=token', '/api/products?q=token'],
  ])('writes %s as %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves what is not a string alone', () => {
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
