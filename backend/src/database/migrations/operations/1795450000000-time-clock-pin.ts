import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The staff time clock: each user's PIN, stored as a bcrypt hash (docs/decisions/time-tracking.md). */
export class TimeClockPin1795450000000 implements MigrationInterface {
  name = 'TimeClockPin1795450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "time_clock_pin_hash" character varying(100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "time_clock_pin_hash"`);
  }
}
