import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';

/** A dine-in table of a branch; its identifier is printed in the middle of the table's QR code. */
@Entity({ name: 'dining_table' })
@Index('uq_dining_table_branch_identifier', ['branch', 'identifier'], { unique: true })
export class DiningTable extends BaseEntity {
  @Column({ type: 'varchar', length: 50 })
  identifier: string;

  @ManyToOne(() => Branch, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_dining_table_branch' })
  branch: Relation<Branch>;
}
