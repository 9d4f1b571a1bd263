import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A branch's ordering pause and busy mode (docs/decisions/orders.md "Pause and busy mode"). */
export class BranchPauseBusy1795697253053 implements MigrationInterface {
  name = 'BranchPauseBusy1795697253053';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" ADD "ordering_pause" jsonb`);
    await queryRunner.query(`ALTER TABLE "branch" ADD "busy_mode" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "busy_mode"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "ordering_pause"`);
  }
}
