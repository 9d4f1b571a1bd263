import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Template segments (docs/decisions/signage.md): a segment may show an image template rendered with a
 * product, a branch and a free text. Deleting the template, product or branch leaves the segment, without it
 * (a template segment without its template is left out of the player's manifest).
 */
export class SignageTemplateSegments1795970000000 implements MigrationInterface {
  name = 'SignageTemplateSegments1795970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "digital_signage_segment" ADD "template_id" integer`);
    await queryRunner.query(`ALTER TABLE "digital_signage_segment" ADD "template_product_id" integer`);
    await queryRunner.query(`ALTER TABLE "digital_signage_segment" ADD "template_branch_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD "template_text" character varying(500) NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD CONSTRAINT "fk_digital_signage_segment_template" FOREIGN KEY ("template_id") REFERENCES "image_template"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD CONSTRAINT "fk_digital_signage_segment_template_product" FOREIGN KEY ("template_product_id") REFERENCES "product"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "digital_signage_segment" ADD CONSTRAINT "fk_digital_signage_segment_template_branch" FOREIGN KEY ("template_branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Template segments cannot exist without their columns: they go, with their places in streams.
    await queryRunner.query(
      `DELETE FROM "digital_signage_stream_item" WHERE "segment_id" IN (SELECT "id" FROM "digital_signage_segment" WHERE "type" = 'template')`,
    );
    await queryRunner.query(`DELETE FROM "digital_signage_segment" WHERE "type" = 'template'`);
    for (const fk of ['template_branch', 'template_product', 'template'])
      await queryRunner.query(
        `ALTER TABLE "digital_signage_segment" DROP CONSTRAINT "fk_digital_signage_segment_${fk}"`,
      );
    for (const column of ['template_text', 'template_branch_id', 'template_product_id', 'template_id'])
      await queryRunner.query(`ALTER TABLE "digital_signage_segment" DROP COLUMN "${column}"`);
  }
}
