import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's preset rejection reasons, one per line. A shop that exists already gets the default reasons,
 * as a new one does from the configuration's defaults, so the board offers them from the start. The reasons
 * are written out here (not imported) so this step of the history stays what it was.
 */
export class RejectionReasons1795715456745 implements MigrationInterface {
  name = 'RejectionReasons1795715456745';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" ADD "rejection_reasons" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`UPDATE "shop_config" SET "rejection_reasons" = $1`, [
      [
        'Wir haben gerade zu viel los.',
        'Ein Artikel ist ausverkauft.',
        'Ihre Adresse liegt außerhalb unseres Liefergebiets.',
        'Wir haben gerade geschlossen.',
      ].join('\n'),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop_config" DROP COLUMN "rejection_reasons"`);
  }
}
