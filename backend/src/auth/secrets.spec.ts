import { isKeyShaped, secretsEqual } from './secrets.js';

describe(secretsEqual.name, () => {
  it('is true for the same secret only, whatever either length (every key, hash and token the backend compares)', () => {
    expect(secretsEqual('3f9a0c', '3f9a0c')).toBe(true);
    expect(secretsEqual('Grüße', 'Grüße')).toBe(true);
    expect(secretsEqual('3f9a0c', '3f9a0d')).toBe(false);
    expect(secretsEqual('3f9a0c', '3f9a0c0')).toBe(false);
    expect(secretsEqual('', '\0no-branch')).toBe(false);
    expect(secretsEqual('a', '')).toBe(false);
  });
});

describe(isKeyShaped.name, () => {
  it('takes 1 to 200 printable ASCII characters without spaces', () => {
    expect(isKeyShaped('a3F-_.~!')).toBe(true);
    expect(isKeyShaped('x'.repeat(200))).toBe(true);
    expect(isKeyShaped('x'.repeat(201))).toBe(false);
    expect(isKeyShaped('')).toBe(false);
    expect(isKeyShaped('mit leerzeichen')).toBe(false);
    expect(isKeyShaped('schlüssel')).toBe(false);
  });
});
