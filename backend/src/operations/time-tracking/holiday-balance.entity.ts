import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../../database/base.entity.js';
import { numericTransformer } from '../../database/columns.js';
import { User } from '../../auth/user.entity.js';

const halfDays = {
  type: 'numeric' as const,
  precision: 5,
  scale: 1,
  transformer: numericTransformer,
  default: '0',
};

/** A holiday balance (Urlaubskonto) of a user for a calendar year; days taken come from holiday activities. */
@Entity({ name: 'holiday_balance' })
@Index('uq_holiday_balance_user_year', ['user', 'year'], { unique: true })
export class HolidayBalance extends BaseEntity {
  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_holiday_balance_user' })
  user: Relation<User>;

  @Column({ type: 'integer' })
  year: number;

  /** Days of holiday the user is entitled to in this year. */
  @Column(halfDays)
  entitlementDays: number;

  /** Days left over from (or, negative, overdrawn in) the previous year. */
  @Column(halfDays)
  carriedOverDays: number;

  @Column({ type: 'text', default: '' })
  comment: string;
}
