import { Column, Entity } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/** A stored picture. Served as /image/{id}-{version}.{extension} and in prepared sizes under /image/{size}/. */
@Entity({ name: 'image' })
export class Image extends BaseEntity {
  /** Raised whenever the file is replaced, so that URLs (and caches) change. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** jpg, png, gif, webp, svg. */
  @Column({ type: 'varchar', length: 10 })
  extension: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  mimeType: string;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ type: 'integer', default: 0 })
  size: number;

  /** Where the original lies in the media store (relative key). */
  @Column({ type: 'varchar', length: 255, default: '' })
  storageKey: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  alt: string;
}
