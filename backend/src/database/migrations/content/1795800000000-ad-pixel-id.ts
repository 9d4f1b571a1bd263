import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ad pixel's id (Meta Pixel), loaded only with the marketing consent; empty: no pixel. */
export class AdPixelId1795800000000 implements MigrationInterface {
  name = 'AdPixelId1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop_config" ADD "ad_pixel_id" character varying(20) NOT NULL DEFAULT ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "ad_pixel_id"`);
  }
}
