import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Printing a kitchen can trust (docs/decisions/printing.md): a device paired after a job was written does not
 * print that job as new (`prints_after_job`, the newest job id at pairing), and the printer state the
 * terminal reports with its heartbeat (`printer_state`, `printer_state_at`) reaches the back office and board.
 */
export class DevicePrinterState1795697156038 implements MigrationInterface {
  name = 'DevicePrinterState1795697156038';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "device" ADD "prints_after_job" bigint`);
    await queryRunner.query(`ALTER TABLE "device" ADD "printer_state" jsonb`);
    await queryRunner.query(`ALTER TABLE "device" ADD "printer_state_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "device" DROP COLUMN "printer_state_at"`);
    await queryRunner.query(`ALTER TABLE "device" DROP COLUMN "printer_state"`);
    await queryRunner.query(`ALTER TABLE "device" DROP COLUMN "prints_after_job"`);
  }
}
