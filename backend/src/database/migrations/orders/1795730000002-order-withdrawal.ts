import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order remembers whether all its lines were exempt from withdrawal when it was placed, and the
 * customer's withdrawal (§356a BGB). Orders placed before were placed without a withdrawal notice and with
 * every product exempt by default, so they count as exempt.
 */
export class OrderWithdrawal1795730000002 implements MigrationInterface {
  name = 'OrderWithdrawal1795730000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "customer_order" ADD "is_withdrawal_exempt" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(`ALTER TABLE "customer_order" ADD "withdrawal" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "withdrawal"`);
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "is_withdrawal_exempt"`);
  }
}
