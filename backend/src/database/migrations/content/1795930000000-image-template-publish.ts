import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Image templates: published ones render for signage players without sign-in; layers can be locked. */
export class ImageTemplatePublish1795930000000 implements MigrationInterface {
  name = 'ImageTemplatePublish1795930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "image_template" ADD "is_published" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "image_template_layer" ADD "locked" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "image_template_layer" DROP COLUMN "locked"`);
    await queryRunner.query(`ALTER TABLE "image_template" DROP COLUMN "is_published"`);
  }
}
