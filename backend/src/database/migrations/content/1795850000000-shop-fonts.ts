import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The shop's heading and body font families (self-hosted `font` rows); empty: the system font as before. */
export class ShopFonts1795850000000 implements MigrationInterface {
  name = 'ShopFonts1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop_config" ADD "heading_font" character varying(100) NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(
      `ALTER TABLE "shop_config" ADD "body_font" character varying(100) NOT NULL DEFAULT ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "body_font"`);
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "heading_font"`);
  }
}
