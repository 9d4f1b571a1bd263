import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A branch's sold-out marks (docs/decisions/kitchen.md "Ausverkauft"). */
export class BranchSoldOut1795900000000 implements MigrationInterface {
  name = 'BranchSoldOut1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" ADD "sold_out" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "sold_out"`);
  }
}
