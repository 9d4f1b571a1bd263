import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isErrorCode } from '@ordering/common';
import { DomainError, reasonError, STATUS_OF } from './errors.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every source file of the backend (specs left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * The reason codes a text gives at throw sites: the fourth argument of `new DomainError(…)`, the code of
 * `reasonError(kind, code)`, and `code: '…'` in error entries. The kinds (`conflict`, `unavailable` …) are
 * not reason codes: an entry naming one is the kind of a refusal, not its reason.
 */
function codesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /new DomainError\(\s*'\w+',[^;]*?,\s*(?:undefined|'[^']*'|[\w.]+),\s*'(\w+)',?\s*\)/gs,
  ))
    found.push(m[1]!);
  for (const m of text.matchAll(/reasonError\(\s*'\w+',\s*'(\w+)'/g)) found.push(m[1]!);
  for (const m of text.matchAll(/\bcode: '(\w+)'/g)) if (!Object.hasOwn(STATUS_OF, m[1]!)) found.push(m[1]!);
  return found;
}

describe('reason codes at throw sites', () => {
  it('finds the codes of a text, and so would report an unknown one', () => {
    const text = `throw new DomainError('conflict', 'Text.', undefined, 'no_such_code');
      throw reasonError('validation', 'also_unknown', 'field');
      errors: [{ message: 'x', code: 'third_unknown' }, { code: 'conflict' }]`;
    expect(codesIn(text)).toEqual(['no_such_code', 'also_unknown', 'third_unknown']);
    expect(codesIn(text).filter((code) => !isErrorCode(code))).toHaveLength(3);
  });

  it("uses only codes of common's ERROR_CODES anywhere in the backend", () => {
    const used = sources(src).flatMap((file) =>
      codesIn(readFileSync(file, 'utf8')).map((code) => ({ file: path.relative(src, file), code })),
    );
    // The scan sees the throw sites it is meant to see.
    expect(used.map((u) => u.code)).toEqual(
      expect.arrayContaining(['slot_full', 'already_paid', 'open_activity']),
    );
    expect(used.filter((u) => !isErrorCode(u.code))).toEqual([]);
  });
});

describe(reasonError.name, () => {
  it("answers with the code's default German text, the field and the code, as a hand-written error would", () => {
    const byList = reasonError('conflict', 'already_paid');
    const byHand = new DomainError(
      'conflict',
      'Diese Bestellung ist bereits bezahlt.',
      undefined,
      'already_paid',
    );
    expect(byList.errors).toEqual(byHand.errors);
    expect(byList.errors).toEqual([
      { message: 'Diese Bestellung ist bereits bezahlt.', code: 'already_paid' },
    ]);
    expect(reasonError('validation', 'voucher_required', 'voucherCode').errors).toEqual([
      { message: 'Bitte geben Sie den Gutscheincode ein.', field: 'voucherCode', code: 'voucher_required' },
    ]);
  });
});
