import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Content1795262122510 implements MigrationInterface {
  name = 'Content1795262122510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shop_config" ("id" integer NOT NULL, "shop_name" character varying(200) NOT NULL DEFAULT '', "business_name" character varying(200) NOT NULL DEFAULT '', "currency" character varying(3) NOT NULL DEFAULT 'EUR', "terms_and_conditions" character varying(2000), "terms_and_conditions_text" text, "privacy_policy" character varying(2000), "privacy_policy_text" text, "imprint" character varying(2000), "imprint_text" text, "allergens" character varying(2000), "allergens_text" text, "enable_plugin_pwa" boolean NOT NULL DEFAULT false, "enable_plugin_toolbar" boolean NOT NULL DEFAULT false, "enable_plugin_maps" boolean NOT NULL DEFAULT false, "map_zoom" real NOT NULL DEFAULT '19', "map_pitch" real NOT NULL DEFAULT '55', "map_bearing" real NOT NULL DEFAULT '-85', "map_access_token" character varying(500) NOT NULL DEFAULT '', "enable_cash" boolean NOT NULL DEFAULT true, "enable_atm_card" boolean NOT NULL DEFAULT false, "enable_mollie" boolean NOT NULL DEFAULT false, "enable_datatrans" boolean NOT NULL DEFAULT false, "enable_hydro_ag_voucher" boolean NOT NULL DEFAULT false, "enable_plugin_sms" boolean NOT NULL DEFAULT false, "enable_plugin_donations" boolean NOT NULL DEFAULT false, "enable_plugin_order_reviews" boolean NOT NULL DEFAULT false, "enable_plugin_frontdesk" boolean NOT NULL DEFAULT false, "enable_plugin_home_page" boolean NOT NULL DEFAULT false, "enable_plugin_search" boolean NOT NULL DEFAULT true, "enable_plugin_tags" boolean NOT NULL DEFAULT false, "enable_plugin_category_bar" boolean NOT NULL DEFAULT false, "enable_plugin_ratings" boolean NOT NULL DEFAULT false, "enable_plugin_card_payments" boolean NOT NULL DEFAULT false, "enable_plugin_voucher_payments" boolean NOT NULL DEFAULT false, "enable_plugin_online_payments" boolean NOT NULL DEFAULT false, "disable_tickets" boolean NOT NULL DEFAULT false, "title" character varying(200) NOT NULL DEFAULT '', "description" text NOT NULL DEFAULT '', "website" character varying(2000), "default_delivery_method" character varying(10) NOT NULL DEFAULT 'takeaway', "mollie_api_key" character varying(500) NOT NULL DEFAULT '', "datatrans_merchant_id" character varying(500) NOT NULL DEFAULT '', "datatrans_sign" character varying(500) NOT NULL DEFAULT '', "datatrans_password" character varying(500) NOT NULL DEFAULT '', "sms_api_key" character varying(500) NOT NULL DEFAULT '', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba258abf5a55ee6855004b66dfd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "block" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "type" character varying(30) NOT NULL, "content" jsonb NOT NULL DEFAULT '{}', "is_enabled" boolean NOT NULL DEFAULT true, "is_public" boolean NOT NULL DEFAULT true, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_d0925763efb591c2e2ffb267572" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_block_identifier" ON "block"  ("identifier") `);
    await queryRunner.query(
      `CREATE TABLE "donatee" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL, "description" text, "image_id" integer, CONSTRAINT "PK_8fc637cc7f896fb7398a11c12ed" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_donatee_identifier" ON "donatee"  ("identifier") `);
    await queryRunner.query(
      `CREATE TABLE "navigation" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL DEFAULT '', "items" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_a7c90881db5205ad8d6b86ffef7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_navigation_identifier" ON "navigation"  ("identifier") `,
    );
    await queryRunner.query(
      `CREATE TABLE "site" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "path" character varying(255) NOT NULL, "type" character varying(20) NOT NULL DEFAULT 'default', "title" character varying(200) NOT NULL DEFAULT '', "content" jsonb NOT NULL DEFAULT '{}', "is_public" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_635c0eeabda8862d5b0237b42b4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_site_path" ON "site"  ("path") `);
    await queryRunner.query(
      `CREATE TABLE "font" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "family" character varying(100) NOT NULL, "variant" character varying(30) NOT NULL DEFAULT 'regular', "upload_id" integer, CONSTRAINT "PK_3467693ce075493cfbab9f6f8be" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_font_family_variant" ON "font"  ("family", "variant") `);
    await queryRunner.query(
      `CREATE TABLE "image_template" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "background" character varying(50) NOT NULL DEFAULT '#ffffff', CONSTRAINT "PK_4bb1f1284941f8eeccd28d22ed4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_image_template_identifier" ON "image_template"  ("identifier") `,
    );
    await queryRunner.query(
      `CREATE TABLE "image_template_layer" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "position" integer NOT NULL DEFAULT '0', "type" character varying(10) NOT NULL, "x" integer NOT NULL DEFAULT '0', "y" integer NOT NULL DEFAULT '0', "width" integer NOT NULL, "height" integer NOT NULL, "rotation" real NOT NULL DEFAULT '0', "opacity" real NOT NULL DEFAULT '1', "text" text, "font_id" integer, "font_size" integer, "text_align" character varying(10) NOT NULL DEFAULT 'left', "color" character varying(50), "image_id" integer, "image_template_id" integer NOT NULL, CONSTRAINT "PK_e7b498ac546e25a483941140a27" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_image_template_layer_image_template" ON "image_template_layer"  ("image_template_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "donatee" ADD CONSTRAINT "fk_donatee_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "font" ADD CONSTRAINT "fk_font_upload" FOREIGN KEY ("upload_id") REFERENCES "upload"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" ADD CONSTRAINT "fk_image_template_layer_image_template" FOREIGN KEY ("image_template_id") REFERENCES "image_template"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" ADD CONSTRAINT "fk_image_template_layer_font" FOREIGN KEY ("font_id") REFERENCES "font"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" ADD CONSTRAINT "fk_image_template_layer_image" FOREIGN KEY ("image_id") REFERENCES "image"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" DROP CONSTRAINT "fk_image_template_layer_image"`,
    );
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" DROP CONSTRAINT "fk_image_template_layer_font"`,
    );
    await queryRunner.query(
      `ALTER TABLE "image_template_layer" DROP CONSTRAINT "fk_image_template_layer_image_template"`,
    );
    await queryRunner.query(`ALTER TABLE "font" DROP CONSTRAINT "fk_font_upload"`);
    await queryRunner.query(`ALTER TABLE "donatee" DROP CONSTRAINT "fk_donatee_image"`);
    await queryRunner.query(`DROP INDEX "public"."ix_image_template_layer_image_template"`);
    await queryRunner.query(`DROP TABLE "image_template_layer"`);
    await queryRunner.query(`DROP INDEX "public"."uq_image_template_identifier"`);
    await queryRunner.query(`DROP TABLE "image_template"`);
    await queryRunner.query(`DROP INDEX "public"."uq_font_family_variant"`);
    await queryRunner.query(`DROP TABLE "font"`);
    await queryRunner.query(`DROP INDEX "public"."uq_site_path"`);
    await queryRunner.query(`DROP TABLE "site"`);
    await queryRunner.query(`DROP INDEX "public"."uq_navigation_identifier"`);
    await queryRunner.query(`DROP TABLE "navigation"`);
    await queryRunner.query(`DROP INDEX "public"."uq_donatee_identifier"`);
    await queryRunner.query(`DROP TABLE "donatee"`);
    await queryRunner.query(`DROP INDEX "public"."uq_block_identifier"`);
    await queryRunner.query(`DROP TABLE "block"`);
    await queryRunner.query(`DROP TABLE "shop_config"`);
  }
}
