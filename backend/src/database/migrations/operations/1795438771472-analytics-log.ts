import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalyticsLog1795438771472 implements MigrationInterface {
  name = 'AnalyticsLog1795438771472';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "analytics_log" ("id" BIGSERIAL NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "type" character varying(30) NOT NULL, "action" character varying(100) NOT NULL, "category" character varying(100) NOT NULL DEFAULT '', "path" character varying(500) NOT NULL DEFAULT '', "data" jsonb NOT NULL DEFAULT '{}', "visitor_hash" character varying(32) NOT NULL, CONSTRAINT "PK_9a65f18be11106fdc73527e5254" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_analytics_log_type_occurred_at" ON "analytics_log"  ("type", "occurred_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_analytics_log_occurred_at" ON "analytics_log"  ("occurred_at") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_analytics_log_occurred_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_analytics_log_type_occurred_at"`);
    await queryRunner.query(`DROP TABLE "analytics_log"`);
  }
}
