import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Category } from '../catalog/category.entity.js';
import { Product } from '../catalog/product.entity.js';
import { BaseEntity } from '../database/base.entity.js';

/**
 * A preparation station of a branch (Küche, Grill, Bar …): the items of its categories and products appear
 * on its kitchen display; the expeditor ("Pass") and a station with nothing assigned see whole orders.
 */
@Entity({ name: 'preparation_station' })
@Index('ix_preparation_station_branch', ['branch'])
export class PreparationStation extends BaseEntity {
  @ManyToOne(() => Branch, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_preparation_station_branch' })
  branch: Relation<Branch>;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @ManyToMany(() => Category)
  @JoinTable({
    name: 'preparation_station_category',
    joinColumn: { name: 'station_id', foreignKeyConstraintName: 'fk_preparation_station_category_station' },
    inverseJoinColumn: {
      name: 'category_id',
      foreignKeyConstraintName: 'fk_preparation_station_category_category',
    },
  })
  categories: Relation<Category>[];

  @ManyToMany(() => Product)
  @JoinTable({
    name: 'preparation_station_product',
    joinColumn: { name: 'station_id', foreignKeyConstraintName: 'fk_preparation_station_product_station' },
    inverseJoinColumn: {
      name: 'product_id',
      foreignKeyConstraintName: 'fk_preparation_station_product_product',
    },
  })
  products: Relation<Product>[];

  @Column({ type: 'boolean', default: false })
  isExpeditor: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
