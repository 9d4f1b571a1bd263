import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A counter per API collection, raised in the same transaction as every write to it. Caches (such as
 * /api/init and its ETag) compare versions, which holds across several backend instances.
 */
@Entity({ name: 'collection_version' })
export class CollectionVersion {
  @PrimaryColumn({ type: 'varchar', length: 60 })
  collection: string;

  @Column({ type: 'bigint', default: '0' })
  version: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
