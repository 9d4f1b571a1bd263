import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Widerrufsbelehrung as a link or a text, like the AGB; without either the market's default text shows. */
export class WithdrawalPolicy1795730000003 implements MigrationInterface {
  name = 'WithdrawalPolicy1795730000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" ADD "withdrawal_policy" character varying(2000)`);
    await queryRunner.query(`ALTER TABLE "shop_config" ADD "withdrawal_policy_text" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "withdrawal_policy_text"`);
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "withdrawal_policy"`);
  }
}
