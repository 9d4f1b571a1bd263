import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/** A website page (Seite), found by its path; `''` is the home page. */
@Entity({ name: 'site' })
export class Site extends BaseEntity {
  /** Segments joined by `/`, without a leading slash. */
  @Index('uq_site_path', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  path: string;

  /** `default`: one rich-text body; `custom_site`: a sequence of blocks in `content.body`. */
  @Column({ type: 'varchar', length: 20, default: 'default' })
  type: 'default' | 'custom_site';

  @Column({ type: 'varchar', length: 200, default: '' })
  title: string;

  /** Content by layout key; `body` is HTML (default) or `[{ block: identifier }]` (custom_site). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  content: Record<string, unknown>;

  /** Drafts (false) are seen only by the back office. */
  @Column({ type: 'boolean', default: true })
  isPublic: boolean;
}
