import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Net quantity ("Füllmenge") per product: a product sold by the piece with a net quantity in kg, l or m²
 * shows its unit price (§4 PAngV, docs/decisions/legal.md). Optional; existing products have none.
 */
export class NetQuantity1795740000001 implements MigrationInterface {
  name = 'NetQuantity1795740000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" ADD "net_quantity" numeric(12,3)`);
    await queryRunner.query(`ALTER TABLE "product" ADD "net_quantity_unit" character varying(10)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "net_quantity_unit"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "net_quantity"`);
  }
}
