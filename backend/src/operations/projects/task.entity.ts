import { TASK_STATUSES } from '@ordering/common/schemas';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../../database/base.entity.js';
import { numericTransformer } from '../../database/columns.js';
import { User } from '../../auth/user.entity.js';
import { Project } from './project.entity.js';

export { TASK_STATUSES };
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task (Aufgabe) of a project. */
@Entity({ name: 'task' })
@Index('ix_task_project', ['project', 'position'])
@Index('ix_task_assignee', ['assignee'])
export class Task extends BaseEntity {
  @ManyToOne(() => Project, (project) => project.tasks, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'fk_task_project' })
  project: Relation<Project>;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: TaskStatus;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignee_id', foreignKeyConstraintName: 'fk_task_assignee' })
  assignee: Relation<User> | null;

  @Column({ type: 'date', nullable: true })
  dueDate: string | null;

  /** Order within the project. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'numeric', precision: 7, scale: 2, nullable: true, transformer: numericTransformer })
  estimatedHours: number | null;
}
