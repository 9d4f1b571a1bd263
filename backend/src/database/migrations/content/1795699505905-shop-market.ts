import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's market profile (`DE` | `AT`). New shops are German; a shop that exists already was set up with
 * the Austrian defaults this product had, so it keeps them (docs/decisions/legal.md).
 */
export class ShopMarket1795699505905 implements MigrationInterface {
  name = 'ShopMarket1795699505905';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop_config" ADD "market" character varying(2) NOT NULL DEFAULT 'DE'`,
    );
    await queryRunner.query(`UPDATE "shop_config" SET "market" = 'AT'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "market"`);
  }
}
