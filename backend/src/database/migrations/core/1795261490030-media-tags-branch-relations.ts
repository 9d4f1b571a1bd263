import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MediaTagsBranchRelations1795261490030 implements MigrationInterface {
  name = 'MediaTagsBranchRelations1795261490030';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "image" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "extension" character varying(10) NOT NULL, "name" character varying(255) NOT NULL DEFAULT '', "mime_type" character varying(100) NOT NULL DEFAULT '', "width" integer, "height" integer, "size" integer NOT NULL DEFAULT '0', "storage_key" character varying(255) NOT NULL DEFAULT '', "alt" character varying(255) NOT NULL DEFAULT '', CONSTRAINT "PK_d6db1ab4ee9ad9dbe86c64e4cc3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "tag" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "image_id" integer, CONSTRAINT "PK_8e4052373c579afc1471f526760" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "upload" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', "extension" character varying(10) NOT NULL, "public_hash" character varying(64) NOT NULL, "mime_type" character varying(100) NOT NULL, "name" character varying(255) NOT NULL DEFAULT '', "size" integer NOT NULL DEFAULT '0', "storage_key" character varying(255) NOT NULL DEFAULT '', CONSTRAINT "PK_1fe8db121b3de4ddfa677fc51f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_upload_public_hash" ON "upload"  ("public_hash") `);
    await queryRunner.query(
      `CREATE TABLE "branch_tag" ("branch_id" integer NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "PK_77dd13f12fa0f3101b6d8fb1658" PRIMARY KEY ("branch_id", "tag_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_904eb1846e71ff020d01b57cc6" ON "branch_tag"  ("branch_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_3078dcb15da37958e55e4bdcd2" ON "branch_tag"  ("tag_id") `);
    await queryRunner.query(
      `CREATE TABLE "branch_image" ("branch_id" integer NOT NULL, "image_id" integer NOT NULL, CONSTRAINT "PK_846a87325f4db553c2e8324018e" PRIMARY KEY ("branch_id", "image_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9938bb335875be4c60a7ae0e5d" ON "branch_image"  ("branch_id") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_809631b7a4085b45cedf00c7d0" ON "branch_image"  ("image_id") `);
    await queryRunner.query(`ALTER TABLE "branch" ADD "logo_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "tag" ADD CONSTRAINT "fk_tag_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch" ADD CONSTRAINT "fk_branch_logo" FOREIGN KEY ("logo_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch_tag" ADD CONSTRAINT "fk_branch_tag_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch_tag" ADD CONSTRAINT "fk_branch_tag_tag" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch_image" ADD CONSTRAINT "fk_branch_image_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch_image" ADD CONSTRAINT "fk_branch_image_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "branch_image" DROP CONSTRAINT "fk_branch_image_image"`);
    await queryRunner.query(`ALTER TABLE "branch_image" DROP CONSTRAINT "fk_branch_image_branch"`);
    await queryRunner.query(`ALTER TABLE "branch_tag" DROP CONSTRAINT "fk_branch_tag_tag"`);
    await queryRunner.query(`ALTER TABLE "branch_tag" DROP CONSTRAINT "fk_branch_tag_branch"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP CONSTRAINT "fk_branch_logo"`);
    await queryRunner.query(`ALTER TABLE "tag" DROP CONSTRAINT "fk_tag_image"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP COLUMN "logo_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_809631b7a4085b45cedf00c7d0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9938bb335875be4c60a7ae0e5d"`);
    await queryRunner.query(`DROP TABLE "branch_image"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3078dcb15da37958e55e4bdcd2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_904eb1846e71ff020d01b57cc6"`);
    await queryRunner.query(`DROP TABLE "branch_tag"`);
    await queryRunner.query(`DROP INDEX "public"."uq_upload_public_hash"`);
    await queryRunner.query(`DROP TABLE "upload"`);
    await queryRunner.query(`DROP TABLE "tag"`);
    await queryRunner.query(`DROP TABLE "image"`);
  }
}
