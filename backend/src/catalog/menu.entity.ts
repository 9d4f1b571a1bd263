import type { Schedule } from '@ordering/common';
import {
  Column,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';
import { Category } from './category.entity.js';
import { Product } from './product.entity.js';

/**
 * A menu (Produktkatalog) of one or more branches: from `availableFrom` on (the latest one in the past wins)
 * it shows its categories with their products in its own order. The catalogue is stored as rows with
 * foreign keys, so a category or product cannot disappear from under a menu (deleting one still in use is
 * refused).
 */
@Entity({ name: 'menu' })
@Index('ix_menu_available_from', ['availableFrom'])
export class Menu extends BaseEntity {
  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  @Column({ type: 'timestamptz' })
  availableFrom: Date;

  @ManyToMany(() => Branch)
  @JoinTable({
    name: 'menu_branch',
    joinColumn: { name: 'menu_id', foreignKeyConstraintName: 'fk_menu_branch_menu' },
    inverseJoinColumn: { name: 'branch_id', foreignKeyConstraintName: 'fk_menu_branch_branch' },
  })
  branches: Relation<Branch>[];

  @OneToMany(() => MenuCategory, (entry) => entry.menu)
  categoryEntries: Relation<MenuCategory>[];

  @OneToMany(() => MenuProduct, (entry) => entry.menu)
  productEntries: Relation<MenuProduct>[];
}

/** A category placed in a menu, at a position. */
@Entity({ name: 'menu_category' })
@Index('uq_menu_category_menu_category', ['menu', 'category'], { unique: true })
@Index('ix_menu_category_category', ['category'])
export class MenuCategory {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @ManyToOne(() => Menu, (menu) => menu.categoryEntries, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id', foreignKeyConstraintName: 'fk_menu_category_menu' })
  menu: Relation<Menu>;

  @Column({ type: 'integer' })
  categoryId: number;

  @ManyToOne(() => Category, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'fk_menu_category_category' })
  category: Relation<Category>;

  @Column({ type: 'integer', default: 0 })
  position: number;
}

/** A product placed in a menu's category, with the menu's own switch and schedule for it. */
@Entity({ name: 'menu_product' })
@Index('ix_menu_product_menu', ['menu'])
@Index('uq_menu_product_entry_product', ['menuCategory', 'product'], { unique: true })
@Index('ix_menu_product_product', ['product'])
export class MenuProduct {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @ManyToOne(() => Menu, (menu) => menu.productEntries, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id', foreignKeyConstraintName: 'fk_menu_product_menu' })
  menu: Relation<Menu>;

  @Column({ type: 'integer' })
  menuCategoryId: number;

  @ManyToOne(() => MenuCategory, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_category_id', foreignKeyConstraintName: 'fk_menu_product_menu_category' })
  menuCategory: Relation<MenuCategory>;

  @Column({ type: 'integer' })
  productId: number;

  @ManyToOne(() => Product, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'fk_menu_product_product' })
  product: Relation<Product>;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  @Column({ type: 'jsonb', nullable: true })
  schedule: Schedule;
}
