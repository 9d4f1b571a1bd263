import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an order was placed (`web`, `app`, `kiosk`) for the statistics' split by channel
 * (docs/decisions/statistics.md). Orders from before keep none: they are "nicht erfasst", not guessed.
 */
export class OrderChannel1795710000000 implements MigrationInterface {
  name = 'OrderChannel1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" ADD "channel" character varying(10)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "channel"`);
  }
}
