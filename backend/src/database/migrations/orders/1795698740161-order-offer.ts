import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff's priced offer for a quotation request and the customer's answer (docs/decisions/orders.md "Offers"). */
export class OrderOffer1795698740161 implements MigrationInterface {
  name = 'OrderOffer1795698740161';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" ADD "offer" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "offer"`);
  }
}
