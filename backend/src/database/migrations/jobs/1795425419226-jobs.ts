import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Jobs1795425419226 implements MigrationInterface {
  name = 'Jobs1795425419226';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "job" ("id" BIGSERIAL NOT NULL, "type" character varying(50) NOT NULL, "payload" jsonb NOT NULL DEFAULT '{}', "status" character varying(10) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "max_attempts" integer NOT NULL DEFAULT '10', "run_at" TIMESTAMP WITH TIME ZONE NOT NULL, "locked_by" character varying(100), "locked_until" TIMESTAMP WITH TIME ZONE, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "done_at" TIMESTAMP WITH TIME ZONE, "dedupe_key" character varying(200), CONSTRAINT "pk_job" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_job_dedupe_key" ON "job"  ("dedupe_key") `);
    await queryRunner.query(`CREATE INDEX "ix_job_due" ON "job"  ("status", "run_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_job_due"`);
    await queryRunner.query(`DROP INDEX "public"."uq_job_dedupe_key"`);
    await queryRunner.query(`DROP TABLE "job"`);
  }
}
