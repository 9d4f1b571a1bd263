import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EventLog1795425442777 implements MigrationInterface {
  name = 'EventLog1795425442777';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "event_log" ("id" BIGSERIAL NOT NULL, "type" character varying(50) NOT NULL, "branch_id" integer, "order_uid" uuid, "payload" jsonb NOT NULL DEFAULT '{}', "public_payload" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "pk_event_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_event_log_created_at" ON "event_log"  ("created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_event_log_order_uid" ON "event_log"  ("order_uid", "id") `);
    await queryRunner.query(`CREATE INDEX "ix_event_log_branch" ON "event_log"  ("branch_id", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_event_log_branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_event_log_order_uid"`);
    await queryRunner.query(`DROP INDEX "public"."ix_event_log_created_at"`);
    await queryRunner.query(`DROP TABLE "event_log"`);
  }
}
