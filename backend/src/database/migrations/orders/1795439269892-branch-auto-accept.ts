import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A branch's default preparation time and its auto-accept switch (docs/decisions/orders.md "Auto-accept"). */
export class BranchAutoAccept1795439269892 implements MigrationInterface {
  name = 'BranchAutoAccept1795439269892';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" ADD "default_preparation_minutes" smallint`);
    await queryRunner.query(
      `ALTER TABLE "branch" ADD "is_auto_accept_enabled" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "is_auto_accept_enabled"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "default_preparation_minutes"`);
  }
}
