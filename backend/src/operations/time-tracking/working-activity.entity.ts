import { WORKING_ACTIVITY_TYPES } from '@ordering/common/schemas';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../../branches/branch.entity.js';
import { describeUniqueIndex, type FieldError } from '../../core/errors.js';
import { BaseEntity } from '../../database/base.entity.js';
import { numericTransformer } from '../../database/columns.js';
import { User } from '../../auth/user.entity.js';
import { Project } from '../projects/project.entity.js';
import { Task } from '../projects/task.entity.js';

/** Work, or a whole-day absence: holiday (counts against the holiday balance) or sick leave. */
export { WORKING_ACTIVITY_TYPES };
export type WorkingActivityType = (typeof WORKING_ACTIVITY_TYPES)[number];

export const WORKING_ACTIVITY_STATUSES = ['running', 'paused', 'ended'] as const;
export type WorkingActivityStatus = (typeof WORKING_ACTIVITY_STATUSES)[number];

/** The partial unique index that allows one open activity (endedAt null) per user. */
export const OPEN_ACTIVITY_INDEX = 'uq_working_activity_user_open';

/** The answer when a second open activity would arise (the clock, the CRUD, or the index behind both). */
export const OPEN_ACTIVITY_CONFLICT = {
  message:
    'Für diese Person ist bereits eine Aktivität offen (eingestempelt oder in Pause). Bitte zuerst diese beenden oder ein Ende eintragen.',
  field: 'endedAt',
  code: 'open_activity',
} satisfies FieldError;
describeUniqueIndex(OPEN_ACTIVITY_INDEX, OPEN_ACTIVITY_CONFLICT);

/** One pause of a work activity (ISO 8601; `end` null while the pause lasts). */
export interface PauseJson {
  start: string;
  end: string | null;
}

/** A time-tracking activity (Aktivität): start, pauses, end. */
@Entity({ name: 'working_activity' })
@Index('ix_working_activity_user_started', ['user', 'startedAt'])
@Index('ix_working_activity_branch_started', ['branch', 'startedAt'])
// One open activity (no end: running or paused) per user, for the clock and the CRUD alike.
@Index(OPEN_ACTIVITY_INDEX, ['user'], { unique: true, where: 'ended_at IS NULL' })
export class WorkingActivity extends BaseEntity {
  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_working_activity_user' })
  user: Relation<User>;

  @ManyToOne(() => Branch, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_working_activity_branch' })
  branch: Relation<Branch>;

  @ManyToOne(() => Project, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'fk_working_activity_project' })
  project: Relation<Project> | null;

  @ManyToOne(() => Task, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'task_id', foreignKeyConstraintName: 'fk_working_activity_task' })
  task: Relation<Task> | null;

  @Column({ type: 'varchar', length: 20, default: 'work' })
  type: WorkingActivityType;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  /** Null while running or paused. */
  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  pauses: PauseJson[];

  /** Derived from endedAt and the pauses on every write. */
  @Column({ type: 'varchar', length: 10, default: 'running' })
  status: WorkingActivityStatus;

  /** Sum of the finished pauses, derived on every write. */
  @Column({ type: 'integer', default: 0 })
  pauseMinutes: number;

  /** Days of a holiday or sick leave (whole or half); null for work. */
  @Column({ type: 'numeric', precision: 5, scale: 1, nullable: true, transformer: numericTransformer })
  days: number | null;

  @Column({ type: 'text', default: '' })
  comment: string;
}
