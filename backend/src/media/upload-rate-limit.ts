import { Injectable } from '@nestjs/common';
import { t } from '@ordering/common';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';

/** Anonymous uploads per address and window (a checkout needs a handful). */
export const PUBLIC_UPLOADS_PER_WINDOW = 30;
export const PUBLIC_UPLOAD_WINDOW_MS = 10 * 60 * 1000;

/**
 * Limits anonymous uploads per client address (fixed window, in this process's memory: a guard against
 * filling the disk, not an accounting; with several instances each counts its own share).
 */
@Injectable()
export class UploadRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** @throws DomainError('too_many_requests') when the address used up its window. */
  take(address: string): void {
    const now = this.clock.now().getTime();
    if (this.windows.size > 10_000) {
      for (const [key, w] of this.windows)
        if (now - w.start >= PUBLIC_UPLOAD_WINDOW_MS) this.windows.delete(key);
    }
    const current = this.windows.get(address);
    if (!current || now - current.start >= PUBLIC_UPLOAD_WINDOW_MS) {
      this.windows.set(address, { start: now, count: 1 });
      return;
    }
    if (current.count >= PUBLIC_UPLOADS_PER_WINDOW)
      throw new DomainError('too_many_requests', t('http.tooManyRequests'));
    current.count += 1;
  }
}
