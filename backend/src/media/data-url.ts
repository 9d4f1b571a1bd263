import { formatBytes, t } from '@ordering/common';
import { DomainError } from '../core/errors.js';

/** A decoded data URL. */
export interface DataUrlFile {
  /** The MIME type the client declared (not trusted; the content decides). */
  declaredType: string;
  content: Buffer;
}

/**
 * Decodes `data:<type>;base64,<content>` (the upload payload of the API).
 * @throws DomainError('validation') on the field `data`: blank, not a data URL, empty or too large.
 */
export function parseDataUrl(data: unknown, maxBytes: number, field = 'data'): DataUrlFile {
  if (data === undefined || data === null || data === '')
    throw new DomainError('validation', t('validation.blank'), field);
  if (typeof data !== 'string')
    throw new DomainError('validation', t('validation.type', { type: 'string' }), field);
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,/i.exec(
    data.slice(0, 300),
  );
  if (!match) throw new DomainError('validation', t('validation.invalid'), field);
  const payload = data.slice(match[0].length);
  // A base64 string of n characters holds at most 3n/4 bytes: refuse before decoding.
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 3) {
    throw new DomainError(
      'validation',
      t('validation.fileTooLarge', { limit: formatBytes(maxBytes) }),
      field,
    );
  }
  let content: Buffer;
  if (match[3]) {
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(payload))
      throw new DomainError('validation', t('validation.invalid'), field);
    content = Buffer.from(payload, 'base64');
  } else {
    try {
      content = Buffer.from(decodeURIComponent(payload), 'utf8');
    } catch {
      throw new DomainError('validation', t('validation.invalid'), field);
    }
  }
  if (content.length === 0) throw new DomainError('validation', t('validation.fileEmpty'), field);
  if (content.length > maxBytes) {
    throw new DomainError(
      'validation',
      t('validation.fileTooLarge', { limit: formatBytes(maxBytes) }),
      field,
    );
  }
  return { declaredType: (match[1] ?? 'text/plain').toLowerCase(), content };
}
