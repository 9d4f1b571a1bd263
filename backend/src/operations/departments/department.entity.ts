import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../../branches/branch.entity.js';
import { BaseEntity } from '../../database/base.entity.js';
import { Division } from '../../divisions/division.entity.js';

/** A department (Abteilung) of a branch, e.g. Küche or Verlegung; shifts are planned per department. */
@Entity({ name: 'department' })
@Index('ix_department_branch', ['branch'])
export class Department extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Optional short key; unique when set. */
  @Index('uq_department_identifier', { unique: true, where: 'identifier IS NOT NULL' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  identifier: string | null;

  @ManyToOne(() => Branch, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_department_branch' })
  branch: Relation<Branch>;

  @ManyToOne(() => Division, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'division_id', foreignKeyConstraintName: 'fk_department_division' })
  division: Relation<Division> | null;

  @Column({ type: 'text', default: '' })
  description: string;
}
