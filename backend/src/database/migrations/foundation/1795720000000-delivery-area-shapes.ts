import { postcodesFromAreaName } from '@ordering/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery areas are defined by postcodes (and optionally a radius or a polygon) instead of being picked
 * by the customer. Existing areas keep their names; one whose name starts with a postcode ("1070 Neubau")
 * gets that postcode, the others start empty and are filled in the back office (docs/decisions/delivery.md).
 */
export class DeliveryAreaShapes1795720000000 implements MigrationInterface {
  name = 'DeliveryAreaShapes1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "delivery_area" ADD "postcodes" character varying(2000) NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(`ALTER TABLE "delivery_area" ADD "radius_km" numeric(6,2)`);
    await queryRunner.query(`ALTER TABLE "delivery_area" ADD "polygon" jsonb`);
    const rows = (await queryRunner.query(`SELECT id, area FROM "delivery_area"`)) as Array<{
      id: number;
      area: string;
    }>;
    for (const row of rows) {
      const postcodes = postcodesFromAreaName(row.area);
      if (postcodes)
        await queryRunner.query(`UPDATE "delivery_area" SET "postcodes" = $1 WHERE id = $2`, [postcodes, row.id]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "delivery_area" DROP COLUMN "polygon"`);
    await queryRunner.query(`ALTER TABLE "delivery_area" DROP COLUMN "radius_km"`);
    await queryRunner.query(`ALTER TABLE "delivery_area" DROP COLUMN "postcodes"`);
  }
}
