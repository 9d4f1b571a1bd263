import type { MigrationInterface, QueryRunner } from 'typeorm';

/** DSGVO: when an order's personal data was anonymised, and the shop's retention period in months. */
export class PrivacyRetention1795700646450 implements MigrationInterface {
  name = 'PrivacyRetention1795700646450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" ADD "anonymised_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "shop_config" ADD "anonymise_orders_after_months" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "anonymise_orders_after_months"`);
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "anonymised_at"`);
  }
}
