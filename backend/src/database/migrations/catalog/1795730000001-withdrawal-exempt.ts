import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Vom Widerruf ausgenommen" per product and per category (§312g (2) BGB). On by default, for existing rows
 * too: the shops so far sell food; a shop switches it off for goods and services with a right of
 * withdrawal (docs/decisions/legal.md).
 */
export class WithdrawalExempt1795730000001 implements MigrationInterface {
  name = 'WithdrawalExempt1795730000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" ADD "is_withdrawal_exempt" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(
      `ALTER TABLE "category" ADD "is_withdrawal_exempt" boolean NOT NULL DEFAULT true`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "category" DROP COLUMN "is_withdrawal_exempt"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "is_withdrawal_exempt"`);
  }
}
