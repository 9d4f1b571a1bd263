import type { NavigationItemJson } from '@ordering/common/schemas';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/** One navigation entry as stored (a tree of at most three levels). */
export type { NavigationItemJson };

/** A navigation (header, footer sites, footer data …) with its item tree. */
@Entity({ name: 'navigation' })
export class Navigation extends BaseEntity {
  @Index('uq_navigation_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  items: NavigationItemJson[];
}
