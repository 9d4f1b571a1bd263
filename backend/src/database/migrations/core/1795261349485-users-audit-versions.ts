import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsersAuditVersions1795261349485 implements MigrationInterface {
  name = 'UsersAuditVersions1795261349485';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" integer, "username" character varying(100), "action" character varying(40) NOT NULL, "entity_type" character varying(60) NOT NULL, "entity_id" character varying(60), "changes" jsonb NOT NULL DEFAULT '{}', "request_id" character varying(100), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_audit_log_created_at" ON "audit_log"  ("created_at") `);
    await queryRunner.query(
      `CREATE INDEX "ix_audit_log_entity" ON "audit_log"  ("entity_type", "entity_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "collection_version" ("collection" character varying(60) NOT NULL, "version" bigint NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c042f9da2a3fdf417a90e2929f1" PRIMARY KEY ("collection"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "app_user" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "username" character varying(100) NOT NULL, "email" character varying(200), "first_name" character varying(100) NOT NULL DEFAULT '', "last_name" character varying(100) NOT NULL DEFAULT '', "password_hash" character varying(100), "roles" jsonb NOT NULL DEFAULT '["ROLE_EMPLOYEE"]', "is_enabled" boolean NOT NULL DEFAULT true, "is_locked" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE, "api_token_hash" character varying(64), "last_login_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_app_user_username" ON "app_user"  ("username") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_app_user_email" ON "app_user"  ("email") WHERE email IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_app_user_api_token_hash" ON "app_user"  ("api_token_hash") WHERE api_token_hash IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "app_user_branch" ("user_id" integer NOT NULL, "branch_id" integer NOT NULL, CONSTRAINT "PK_5205fd3ef50c64486557451a53f" PRIMARY KEY ("user_id", "branch_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d9b064d5c2740a91d5c84dcc29" ON "app_user_branch"  ("user_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b0bb231ba540796af08b9ed5a0" ON "app_user_branch"  ("branch_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "app_user_branch" ADD CONSTRAINT "fk_app_user_branch_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "app_user_branch" ADD CONSTRAINT "fk_app_user_branch_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user_branch" DROP CONSTRAINT "fk_app_user_branch_branch"`);
    await queryRunner.query(`ALTER TABLE "app_user_branch" DROP CONSTRAINT "fk_app_user_branch_user"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b0bb231ba540796af08b9ed5a0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d9b064d5c2740a91d5c84dcc29"`);
    await queryRunner.query(`DROP TABLE "app_user_branch"`);
    await queryRunner.query(`DROP INDEX "public"."uq_app_user_api_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."uq_app_user_email"`);
    await queryRunner.query(`DROP INDEX "public"."uq_app_user_username"`);
    await queryRunner.query(`DROP TABLE "app_user"`);
    await queryRunner.query(`DROP TABLE "collection_version"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_entity"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_created_at"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
