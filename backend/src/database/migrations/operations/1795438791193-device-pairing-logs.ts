import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DevicePairingLogs1795438791193 implements MigrationInterface {
  name = 'DevicePairingLogs1795438791193';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "device_log" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "requested_at" TIMESTAMP WITH TIME ZONE, "uploaded_at" TIMESTAMP WITH TIME ZONE, "lines" text, "device_id" integer NOT NULL, CONSTRAINT "PK_3268dd456f4d48c4f20b28ba830" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_device_log_device" ON "device_log"  ("device_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "device_pairing" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "code" character varying(8) NOT NULL, "secret_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "device_id" integer, CONSTRAINT "PK_3516080a2ce73f194f2b49e7249" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_device_pairing_code" ON "device_pairing"  ("code") `);
    await queryRunner.query(`CREATE INDEX "ix_device_pairing_device" ON "device_pairing"  ("device_id") `);
    await queryRunner.query(
      `ALTER TABLE "device_log" ADD CONSTRAINT "fk_device_log_device" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "device_pairing" ADD CONSTRAINT "fk_device_pairing_device" FOREIGN KEY ("device_id") REFERENCES "device"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "device_pairing" DROP CONSTRAINT "fk_device_pairing_device"`);
    await queryRunner.query(`ALTER TABLE "device_log" DROP CONSTRAINT "fk_device_log_device"`);
    await queryRunner.query(`DROP INDEX "public"."ix_device_pairing_device"`);
    await queryRunner.query(`DROP INDEX "public"."uq_device_pairing_code"`);
    await queryRunner.query(`DROP TABLE "device_pairing"`);
    await queryRunner.query(`DROP INDEX "public"."ix_device_log_device"`);
    await queryRunner.query(`DROP TABLE "device_log"`);
  }
}
