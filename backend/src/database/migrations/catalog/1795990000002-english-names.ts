import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * English names and descriptions of products and categories for the kiosk's English face
 * (docs/decisions/kiosk.md). Empty for every existing row: the kiosk then shows the German text.
 */
export class EnglishNames1795990000002 implements MigrationInterface {
  name = 'EnglishNames1795990000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['product', 'category']) {
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD "name_en" character varying(200) NOT NULL DEFAULT '', ADD "description_en" text NOT NULL DEFAULT ''`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['product', 'category']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "name_en", DROP COLUMN "description_en"`);
    }
  }
}
