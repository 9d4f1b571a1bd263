import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer uploads carry proof of ownership (the sha256 of a secret only the uploader got) and the time
 * an order took them up; anonymous uploads no order took up expire.
 */
export class UploadOwnership1795697784333 implements MigrationInterface {
  name = 'UploadOwnership1795697784333';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload" ADD "secret_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "upload" ADD "taken_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload" DROP COLUMN "taken_at"`);
    await queryRunner.query(`ALTER TABLE "upload" DROP COLUMN "secret_hash"`);
  }
}
