import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/**
 * A stored file (document, video, customer upload). Served as /upload/{publicHash}/{id}-{version}.{extension};
 * the public hash makes the URL unguessable.
 */
@Entity({ name: 'upload' })
export class Upload extends BaseEntity {
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ type: 'varchar', length: 10 })
  extension: string;

  @Index('uq_upload_public_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  publicHash: string;

  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  name: string;

  @Column({ type: 'integer', default: 0 })
  size: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  storageKey: string;

  /** A video's length in seconds as its container states it; null for other files and unknown lengths. */
  @Column({ type: 'double precision', nullable: true })
  duration: number | null;

  /**
   * A storefront customer's upload: sha256 (hex) of the secret only the uploader was given, which an order
   * must present to take the file up. Null for files of the back office, which no order can reference.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  secretHash: string | null;

  /** When an order first took the customer's upload up; untaken ones expire (see `upload-ownership.ts`). */
  @Column({ type: 'timestamptz', nullable: true })
  takenAt: Date | null;
}
