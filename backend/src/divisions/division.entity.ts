import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/** An organisation that owns branches. */
@Entity({ name: 'division' })
export class Division extends BaseEntity {
  @Index('uq_division_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;
}
