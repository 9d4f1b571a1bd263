import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A kitchen ticket remembers that it was recalled, so it comes back even on an order already handed out. */
export class KitchenTicketRecalled1795980000000 implements MigrationInterface {
  name = 'KitchenTicketRecalled1795980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "kitchen_ticket" ADD "recalled" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "kitchen_ticket" DROP COLUMN "recalled"`);
  }
}
