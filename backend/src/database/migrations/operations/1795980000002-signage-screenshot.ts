import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Screenshots on request (docs/decisions/signage.md): the back office asks a TV for one, its player in the
 * desktop shell sends it; the TV keeps only the newest, with its time. Existing TVs have none.
 */
export class SignageScreenshot1795980000002 implements MigrationInterface {
  name = 'SignageScreenshot1795980000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" ADD "screenshot_requested_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" ADD "screenshot_taken_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_device" ADD "screenshot_type" character varying(20)`,
    );
    await queryRunner.query(`ALTER TABLE "digital_signage_device" ADD "screenshot" bytea`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "screenshot"`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "screenshot_type"`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "screenshot_taken_at"`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "screenshot_requested_at"`);
  }
}
