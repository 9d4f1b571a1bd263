import type { ConfigurablePart } from '@ordering/common';
import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/**
 * A shared option group ("Optionsvorlage", e.g. „Pizza-Toppings“): one part as a product has it, which
 * products link by `templateId` (this row's `uid`). Products keep a full copy of the part, so orders and
 * pricing read only the product; saving the group rewrites the copies (`option-group.resource.ts`).
 */
@Entity({ name: 'option_group' })
export class OptionGroup extends BaseEntity {
  /** Stable uuid: what a product part's `templateId` names. */
  @Index('uq_option_group_uid', { unique: true })
  @Column({ type: 'uuid' })
  uid: string;

  /** Internal name, for the back office only. */
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The part (common's `configurablePartSchema`, ids numbered within the group, no `templateId`). */
  @Column({ type: 'jsonb' })
  part: ConfigurablePart;
}
