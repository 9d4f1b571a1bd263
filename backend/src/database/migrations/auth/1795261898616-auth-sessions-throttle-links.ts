import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthSessionsThrottleLinks1795261898616 implements MigrationInterface {
  name = 'AuthSessionsThrottleLinks1795261898616';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auth_login_link" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "token_hash" character(64) NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "user_id" integer NOT NULL, CONSTRAINT "PK_c023d38618733d3c11e737a3ded" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_auth_login_link_token_hash" ON "auth_login_link"  ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_auth_login_link_user" ON "auth_login_link"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "auth_login_throttle" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "key" character varying(200) NOT NULL, "failures" integer NOT NULL DEFAULT '0', "last_failure_at" TIMESTAMP WITH TIME ZONE, "locked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_4382c0f91da1fbcb0563c075601" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_auth_login_throttle_key" ON "auth_login_throttle"  ("key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "auth_session" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "token_hash" character(64) NOT NULL, "csrf_token" character varying(64) NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "absolute_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ip" character varying(64), "user_agent" character varying(300), "user_id" integer NOT NULL, CONSTRAINT "PK_19354ed146424a728c1112a8cbf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_auth_session_token_hash" ON "auth_session"  ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_auth_session_user" ON "auth_session"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_auth_session_expires_at" ON "auth_session"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "auth_login_link" ADD CONSTRAINT "fk_auth_login_link_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_session" ADD CONSTRAINT "fk_auth_session_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_session" DROP CONSTRAINT "fk_auth_session_user"`);
    await queryRunner.query(`ALTER TABLE "auth_login_link" DROP CONSTRAINT "fk_auth_login_link_user"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auth_session_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auth_session_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_auth_session_token_hash"`);
    await queryRunner.query(`DROP TABLE "auth_session"`);
    await queryRunner.query(`DROP INDEX "public"."uq_auth_login_throttle_key"`);
    await queryRunner.query(`DROP TABLE "auth_login_throttle"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auth_login_link_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_auth_login_link_token_hash"`);
    await queryRunner.query(`DROP TABLE "auth_login_link"`);
  }
}
