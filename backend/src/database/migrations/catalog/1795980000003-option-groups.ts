import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared option groups ("Optionsvorlagen", docs/decisions/catalog-form.md): one part that several products
 * link by the group's uid. Products keep their copies in `config.parts`, so no product row changes here.
 */
export class OptionGroups1795980000003 implements MigrationInterface {
  name = 'OptionGroups1795980000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "option_group" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "uid" uuid NOT NULL, "name" character varying(200) NOT NULL, "part" jsonb NOT NULL, CONSTRAINT "PK_8217025c96106d910449bd8ac1b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_option_group_uid" ON "option_group"  ("uid") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_option_group_uid"`);
    await queryRunner.query(`DROP TABLE "option_group"`);
  }
}
