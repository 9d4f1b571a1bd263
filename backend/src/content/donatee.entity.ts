import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Image } from '../media/image.entity.js';

/** A donation recipient (Spendenempfänger) customers can choose at checkout. */
@Entity({ name: 'donatee' })
export class Donatee extends BaseEntity {
  @Index('uq_donatee_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Markdown. */
  @Column({ type: 'text', nullable: true })
  description: string | null;

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_donatee_image' })
  image: Relation<Image> | null;
}
