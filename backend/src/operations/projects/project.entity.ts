import { PROJECT_STATUSES } from '@ordering/common/schemas';
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, type Relation } from 'typeorm';
import { Branch } from '../../branches/branch.entity.js';
import { BaseEntity } from '../../database/base.entity.js';
import { Division } from '../../divisions/division.entity.js';
import { Task } from './task.entity.js';

export { PROJECT_STATUSES };
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A project (Projekt), e.g. a building site; staff book working time on it and its tasks. */
@Entity({ name: 'project' })
@Index('ix_project_branch', ['branch'])
@Index('ix_project_division', ['division'])
export class Project extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Project number (e.g. `2026-014`), unique when set. */
  @Index('uq_project_number', { unique: true, where: 'number IS NOT NULL' })
  @Column({ type: 'varchar', length: 50, nullable: true })
  number: string | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  customerName: string;

  /** Phone or e-mail of the customer's contact person, as free text. */
  @Column({ type: 'varchar', length: 200, default: '' })
  customerContact: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  street: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  zipCode: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 20, default: 'planned' })
  status: ProjectStatus;

  @Column({ type: 'date', nullable: true })
  startDate: string | null;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  /** Plain text. */
  @Column({ type: 'text', default: '' })
  description: string;

  /** Offered for time tracking. */
  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  @ManyToOne(() => Branch, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_project_branch' })
  branch: Relation<Branch> | null;

  @ManyToOne(() => Division, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'division_id', foreignKeyConstraintName: 'fk_project_division' })
  division: Relation<Division> | null;

  @OneToMany(() => Task, (task) => task.project)
  tasks: Relation<Task>[];
}
