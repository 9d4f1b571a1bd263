import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video upload's length in seconds, read from its container on upload (docs/decisions/signage.md), which
 * the back office's uploads list shows. Null for every other file and for the videos stored before (their
 * length is read when the file is replaced).
 */
export class UploadDuration1795970000001 implements MigrationInterface {
  name = 'UploadDuration1795970000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload" ADD "duration" double precision`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload" DROP COLUMN "duration"`);
  }
}
