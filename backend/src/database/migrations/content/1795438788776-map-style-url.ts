import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MapStyleUrl1795438788776 implements MigrationInterface {
  name = 'MapStyleUrl1795438788776';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shop_config" ADD "map_style_url" character varying(2000) NOT NULL DEFAULT 'https://api.maptiler.com/maps/streets-v2/style.json?key={token}'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "map_style_url"`);
  }
}
