import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { IsNull, LessThan, Not, type EntityManager } from 'typeorm';
import { Upload } from './upload.entity.js';

/** An anonymous upload that no order took up is removed this long after it was made. */
export const UNTAKEN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new upload secret (192 random bits, URL-safe) and the hash that is stored of it. */
export function newUploadSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, secretHash: sha256(secret) };
}

/**
 * Whether `secret` proves ownership of a customer's upload (compared in constant time over the digests).
 * Back-office files have no secret and are owned by no customer.
 */
export function ownsUpload(upload: Pick<Upload, 'secretHash'>, secret: unknown): boolean {
  if (!upload.secretHash || typeof secret !== 'string' || secret.length === 0) return false;
  return timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(upload.secretHash));
}

/** Marks customer uploads as taken up by an order at `now` (the first order counts; they no longer expire). */
export async function takeUpUploads(em: EntityManager, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await em
    .createQueryBuilder()
    .update(Upload)
    .set({ takenAt: now })
    .whereInIds([...new Set(ids)])
    .andWhere('taken_at IS NULL')
    .execute();
}

/** The customer uploads no order took up within {@link UNTAKEN_UPLOAD_TTL_MS} of `now`. */
export function expiredUploads(em: EntityManager, now: Date): Promise<Upload[]> {
  return em.getRepository(Upload).find({
    where: {
      secretHash: Not(IsNull()),
      takenAt: IsNull(),
      createdAt: LessThan(new Date(now.getTime() - UNTAKEN_UPLOAD_TTL_MS)),
    },
    select: { id: true, storageKey: true },
  });
}
