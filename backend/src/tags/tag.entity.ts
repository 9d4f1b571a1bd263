import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Image } from '../media/image.entity.js';

/** A label for branches and products (tag filter tiles on the branch list). */
@Entity({ name: 'tag' })
export class Tag extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_tag_image' })
  image: Relation<Image> | null;
}
