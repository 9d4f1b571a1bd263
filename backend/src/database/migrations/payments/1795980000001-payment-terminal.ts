import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A card payment at a Mollie point-of-sale terminal names its terminal (docs/decisions/kiosk.md). */
export class PaymentTerminal1795980000001 implements MigrationInterface {
  name = 'PaymentTerminal1795980000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_payment" ADD "terminal_id" character varying(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_payment" DROP COLUMN "terminal_id"`);
  }
}
