import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import type { BlockTypeName } from './block-content.js';

/** A content block (Inhalt) of the home page or a custom site, placed by its identifier. */
@Entity({ name: 'block' })
export class Block extends BaseEntity {
  @Index('uq_block_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 30 })
  type: BlockTypeName;

  /** Fields of the block type; pictures and videos stored as `{ id }`. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  content: Record<string, unknown>;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** Drafts (false) are seen only by the back office. */
  @Column({ type: 'boolean', default: true })
  isPublic: boolean;

  /** Order in lists (the home page order comes from its site's `content.body`). */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
