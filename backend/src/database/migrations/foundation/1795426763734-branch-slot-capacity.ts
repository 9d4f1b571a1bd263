import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BranchSlotCapacity1795426763734 implements MigrationInterface {
  name = 'BranchSlotCapacity1795426763734';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" ADD "slot_minutes" smallint NOT NULL DEFAULT '15'`);
    await queryRunner.query(`ALTER TABLE "branch" ADD "slot_capacity" integer`);
    await queryRunner.query(`ALTER TABLE "branch" ADD "delivery_slot_capacity" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "delivery_slot_capacity"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "slot_capacity"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "slot_minutes"`);
  }
}
