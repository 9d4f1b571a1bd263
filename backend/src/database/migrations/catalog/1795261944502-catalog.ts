import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalog1795261944502 implements MigrationInterface {
  name = 'Catalog1795261944502';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "category" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "is_enabled" boolean NOT NULL DEFAULT true, "schedule" jsonb, "is_visible_when_unavailable" boolean NOT NULL DEFAULT false, "is_bundle" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "image_id" integer, CONSTRAINT "PK_9c4e4a89e3674fc9f382d733f03" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_category_position" ON "category"  ("position") `);
    await queryRunner.query(
      `CREATE TABLE "product" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "uid" uuid NOT NULL, "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "allergens" character varying(500) NOT NULL DEFAULT '', "image_order" jsonb NOT NULL DEFAULT '[]', "type" character varying(20) NOT NULL DEFAULT 'simple', "price" numeric(12,2) NOT NULL DEFAULT '0', "is_price_hidden" boolean NOT NULL DEFAULT false, "unit" character varying(10) NOT NULL DEFAULT 'piece', "alternative_units" jsonb NOT NULL DEFAULT '[]', "minimum_quantity" numeric(12,3), "maximum_quantity" numeric(12,3), "quantity_step_size" numeric(12,3), "default_quantity" numeric(12,3), "default_unit" character varying(10), "pricing" character varying(10), "calculation_model" character varying(20) NOT NULL DEFAULT 'fixed', "tax" numeric(5,2) NOT NULL DEFAULT '0', "takeaway_tax" numeric(5,2) NOT NULL DEFAULT '0', "dine_in_tax" numeric(5,2) NOT NULL DEFAULT '0', "is_enabled" boolean NOT NULL DEFAULT true, "schedule" jsonb, "is_visible_when_unavailable" boolean NOT NULL DEFAULT false, "is_step_by_step" boolean NOT NULL DEFAULT false, "is_lead_time_enabled" boolean NOT NULL DEFAULT false, "lead_time_type" character varying(10), "lead_time_value" integer, "config" jsonb NOT NULL DEFAULT '{"parts": []}', "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_bebc9158e480b949565b4dc7a82" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_product_uid" ON "product"  ("uid") `);
    await queryRunner.query(`CREATE INDEX "ix_product_position" ON "product"  ("position") `);
    await queryRunner.query(
      `CREATE TABLE "menu" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL DEFAULT '', "available_from" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_35b2a8f47d153ff7a41860cceeb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_menu_available_from" ON "menu"  ("available_from") `);
    await queryRunner.query(
      `CREATE TABLE "menu_category" ("id" SERIAL NOT NULL, "category_id" integer NOT NULL, "position" integer NOT NULL DEFAULT '0', "menu_id" integer NOT NULL, CONSTRAINT "PK_246dfbfa0f3b0a4e953f7490544" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_menu_category_category" ON "menu_category"  ("category_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_menu_category_menu_category" ON "menu_category"  ("menu_id", "category_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "menu_product" ("id" SERIAL NOT NULL, "menu_category_id" integer NOT NULL, "product_id" integer NOT NULL, "position" integer NOT NULL DEFAULT '0', "is_enabled" boolean NOT NULL DEFAULT true, "schedule" jsonb, "menu_id" integer NOT NULL, CONSTRAINT "PK_c20578524f98bba1128171945df" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_menu_product_product" ON "menu_product"  ("product_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_menu_product_entry_product" ON "menu_product"  ("menu_category_id", "product_id") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_menu_product_menu" ON "menu_product"  ("menu_id") `);
    await queryRunner.query(
      `CREATE TABLE "product_image" ("product_id" integer NOT NULL, "image_id" integer NOT NULL, CONSTRAINT "PK_4eb46245c9049493d4381daa806" PRIMARY KEY ("product_id", "image_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_dbc7d9aa7ed42c9141b968a9ed" ON "product_image"  ("product_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d51e7dc05190034e8c9c647669" ON "product_image"  ("image_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "product_tag" ("product_id" integer NOT NULL, "tag_id" integer NOT NULL, CONSTRAINT "PK_5e6a58e9623ea046dbe0a1d43da" PRIMARY KEY ("product_id", "tag_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d08cb260c60a9bf0a5e0424768" ON "product_tag"  ("product_id") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_7bf0b673c19b33c9456d54b2b3" ON "product_tag"  ("tag_id") `);
    await queryRunner.query(
      `CREATE TABLE "menu_branch" ("menu_id" integer NOT NULL, "branch_id" integer NOT NULL, CONSTRAINT "PK_b5db41ceaaf4ccedd116e586090" PRIMARY KEY ("menu_id", "branch_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_a025153c3219ae5e83862f009b" ON "menu_branch"  ("menu_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_5d493089c7a378554783f10240" ON "menu_branch"  ("branch_id") `);
    await queryRunner.query(
      `ALTER TABLE "category" ADD CONSTRAINT "fk_category_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_category" ADD CONSTRAINT "fk_menu_category_menu" FOREIGN KEY ("menu_id") REFERENCES "menu"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_category" ADD CONSTRAINT "fk_menu_category_category" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_product" ADD CONSTRAINT "fk_menu_product_menu" FOREIGN KEY ("menu_id") REFERENCES "menu"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_product" ADD CONSTRAINT "fk_menu_product_menu_category" FOREIGN KEY ("menu_category_id") REFERENCES "menu_category"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_product" ADD CONSTRAINT "fk_menu_product_product" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_image" ADD CONSTRAINT "fk_product_image_product" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_image" ADD CONSTRAINT "fk_product_image_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_tag" ADD CONSTRAINT "fk_product_tag_product" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_tag" ADD CONSTRAINT "fk_product_tag_tag" FOREIGN KEY ("tag_id") REFERENCES "tag"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_branch" ADD CONSTRAINT "fk_menu_branch_menu" FOREIGN KEY ("menu_id") REFERENCES "menu"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "menu_branch" ADD CONSTRAINT "fk_menu_branch_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "menu_branch" DROP CONSTRAINT "fk_menu_branch_branch"`);
    await queryRunner.query(`ALTER TABLE "menu_branch" DROP CONSTRAINT "fk_menu_branch_menu"`);
    await queryRunner.query(`ALTER TABLE "product_tag" DROP CONSTRAINT "fk_product_tag_tag"`);
    await queryRunner.query(`ALTER TABLE "product_tag" DROP CONSTRAINT "fk_product_tag_product"`);
    await queryRunner.query(`ALTER TABLE "product_image" DROP CONSTRAINT "fk_product_image_image"`);
    await queryRunner.query(`ALTER TABLE "product_image" DROP CONSTRAINT "fk_product_image_product"`);
    await queryRunner.query(`ALTER TABLE "menu_product" DROP CONSTRAINT "fk_menu_product_product"`);
    await queryRunner.query(`ALTER TABLE "menu_product" DROP CONSTRAINT "fk_menu_product_menu_category"`);
    await queryRunner.query(`ALTER TABLE "menu_product" DROP CONSTRAINT "fk_menu_product_menu"`);
    await queryRunner.query(`ALTER TABLE "menu_category" DROP CONSTRAINT "fk_menu_category_category"`);
    await queryRunner.query(`ALTER TABLE "menu_category" DROP CONSTRAINT "fk_menu_category_menu"`);
    await queryRunner.query(`ALTER TABLE "category" DROP CONSTRAINT "fk_category_image"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5d493089c7a378554783f10240"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a025153c3219ae5e83862f009b"`);
    await queryRunner.query(`DROP TABLE "menu_branch"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7bf0b673c19b33c9456d54b2b3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d08cb260c60a9bf0a5e0424768"`);
    await queryRunner.query(`DROP TABLE "product_tag"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d51e7dc05190034e8c9c647669"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dbc7d9aa7ed42c9141b968a9ed"`);
    await queryRunner.query(`DROP TABLE "product_image"`);
    await queryRunner.query(`DROP INDEX "public"."ix_menu_product_menu"`);
    await queryRunner.query(`DROP INDEX "public"."uq_menu_product_entry_product"`);
    await queryRunner.query(`DROP INDEX "public"."ix_menu_product_product"`);
    await queryRunner.query(`DROP TABLE "menu_product"`);
    await queryRunner.query(`DROP INDEX "public"."uq_menu_category_menu_category"`);
    await queryRunner.query(`DROP INDEX "public"."ix_menu_category_category"`);
    await queryRunner.query(`DROP TABLE "menu_category"`);
    await queryRunner.query(`DROP INDEX "public"."ix_menu_available_from"`);
    await queryRunner.query(`DROP TABLE "menu"`);
    await queryRunner.query(`DROP INDEX "public"."ix_product_position"`);
    await queryRunner.query(`DROP INDEX "public"."uq_product_uid"`);
    await queryRunner.query(`DROP TABLE "product"`);
    await queryRunner.query(`DROP INDEX "public"."ix_category_position"`);
    await queryRunner.query(`DROP TABLE "category"`);
  }
}
