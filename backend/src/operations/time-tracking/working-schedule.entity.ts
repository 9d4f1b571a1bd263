import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../../branches/branch.entity.js';
import { BaseEntity } from '../../database/base.entity.js';
import { User } from '../../auth/user.entity.js';
import { Department } from '../departments/department.entity.js';

/** A planned shift (Planung). */
@Entity({ name: 'working_schedule' })
@Index('ix_working_schedule_user_starts', ['user', 'startsAt'])
@Index('ix_working_schedule_branch_starts', ['branch', 'startsAt'])
export class WorkingSchedule extends BaseEntity {
  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_working_schedule_user' })
  user: Relation<User>;

  @ManyToOne(() => Branch, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_working_schedule_branch' })
  branch: Relation<Branch>;

  @ManyToOne(() => Department, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'department_id', foreignKeyConstraintName: 'fk_working_schedule_department' })
  department: Relation<Department> | null;

  @Column({ type: 'timestamptz' })
  startsAt: Date;

  @Column({ type: 'timestamptz' })
  endsAt: Date;

  @Column({ type: 'text', default: '' })
  comment: string;
}
