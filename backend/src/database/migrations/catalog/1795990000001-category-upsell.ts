import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The kiosk's upsell step per category ("Darf es noch etwas dazu sein?", docs/decisions/kiosk.md): the
 * products offered after a guest adds one of the category's products, in their order. Empty for every
 * existing category (no step).
 */
export class CategoryUpsell1795990000001 implements MigrationInterface {
  name = 'CategoryUpsell1795990000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "category" ADD "upsell_products" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "category" DROP COLUMN "upsell_products"`);
  }
}
