import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One change made through the API: who, when, which entity, what changed. Written in the change's transaction. */
@Entity({ name: 'audit_log' })
@Index('ix_audit_log_entity', ['entityType', 'entityId'])
@Index('ix_audit_log_created_at', ['createdAt'])
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  username: string | null;

  /** create, update, delete (or a named action such as status changes). */
  @Column({ type: 'varchar', length: 40 })
  action: string;

  /** The API collection, e.g. `branches`. */
  @Column({ type: 'varchar', length: 60 })
  entityType: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  entityId: string | null;

  /** `{ field: { from, to } }` for updates; the created or deleted values otherwise. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  changes: Record<string, unknown>;

  @Column({ type: 'varchar', length: 100, nullable: true })
  requestId: string | null;
}
