import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795260883721 implements MigrationInterface {
  name = 'Foundation1795260883721';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "division" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', CONSTRAINT "PK_b6f0d207e38106dbddabab3a078" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_division_identifier" ON "division"  ("identifier") `);
    await queryRunner.query(
      `CREATE TABLE "delivery_area" ("id" SERIAL NOT NULL, "position" integer NOT NULL DEFAULT '0', "area" character varying(200) NOT NULL, "price" numeric(12,2) NOT NULL DEFAULT '0', "tax" numeric(5,2) NOT NULL DEFAULT '0', "free" boolean NOT NULL DEFAULT false, "free_from_order_value" numeric(12,2), "minimum_order_value" numeric(12,2), "branch_id" integer, CONSTRAINT "PK_7efaf7219fcb197867106477484" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_delivery_area_branch" ON "delivery_area"  ("branch_id") `);
    await queryRunner.query(
      `CREATE TABLE "branch" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(100) NOT NULL, "name" character varying(200) NOT NULL, "street" character varying(200) NOT NULL DEFAULT '', "zip_code" character varying(20) NOT NULL DEFAULT '', "city" character varying(100) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "email" character varying(200) NOT NULL DEFAULT '', "longitude" numeric(10,7), "latitude" numeric(10,7), "keywords" text NOT NULL DEFAULT '', "is_public" boolean NOT NULL DEFAULT true, "time_zone" character varying(64) NOT NULL DEFAULT 'Europe/Vienna', "opening_hours" jsonb NOT NULL DEFAULT '[]'::jsonb, "delivery_hours" jsonb NOT NULL DEFAULT '[]'::jsonb, "is_delivery_hours_enabled" boolean NOT NULL DEFAULT false, "is_takeaway_enabled" boolean NOT NULL DEFAULT true, "is_delivery_enabled" boolean NOT NULL DEFAULT false, "is_dine_in_enabled" boolean NOT NULL DEFAULT false, "is_table_selection_enabled" boolean NOT NULL DEFAULT false, "is_preorder_enabled" boolean NOT NULL DEFAULT false, "is_appointment_required" boolean NOT NULL DEFAULT false, "is_quotation_required" boolean NOT NULL DEFAULT false, "orderable_from" TIMESTAMP WITH TIME ZONE, "closed_message" text NOT NULL DEFAULT '', "is_delivery_email_required" boolean NOT NULL DEFAULT false, "is_dine_in_email_required" boolean NOT NULL DEFAULT false, "is_takeaway_email_required" boolean NOT NULL DEFAULT false, "is_delivery_phone_required" boolean NOT NULL DEFAULT true, "is_dine_in_phone_required" boolean NOT NULL DEFAULT false, "is_takeaway_phone_required" boolean NOT NULL DEFAULT false, "is_delivery_address_required" boolean NOT NULL DEFAULT true, "is_dine_in_address_required" boolean NOT NULL DEFAULT false, "is_takeaway_address_required" boolean NOT NULL DEFAULT false, "is_cash_enabled" boolean NOT NULL DEFAULT true, "is_atm_card_enabled" boolean NOT NULL DEFAULT false, "is_hydro_ag_voucher_enabled" boolean NOT NULL DEFAULT false, "is_mollie_enabled" boolean NOT NULL DEFAULT false, "is_datatrans_enabled" boolean NOT NULL DEFAULT false, "api_key" character varying(64) NOT NULL, "division_id" integer, CONSTRAINT "PK_2e39f426e2faefdaa93c5961976" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_branch_identifier" ON "branch"  ("identifier") `);
    await queryRunner.query(
      `CREATE TABLE "dining_table" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "identifier" character varying(50) NOT NULL, "branch_id" integer NOT NULL, CONSTRAINT "PK_9cda64d0a87f52f72a2fd760002" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_dining_table_branch_identifier" ON "dining_table"  ("branch_id", "identifier") `,
    );
    await queryRunner.query(
      `ALTER TABLE "delivery_area" ADD CONSTRAINT "fk_delivery_area_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "branch" ADD CONSTRAINT "fk_branch_division" FOREIGN KEY ("division_id") REFERENCES "division"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dining_table" ADD CONSTRAINT "fk_dining_table_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dining_table" DROP CONSTRAINT "fk_dining_table_branch"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP CONSTRAINT "fk_branch_division"`);
    await queryRunner.query(`ALTER TABLE "delivery_area" DROP CONSTRAINT "fk_delivery_area_branch"`);
    await queryRunner.query(`DROP INDEX "public"."uq_dining_table_branch_identifier"`);
    await queryRunner.query(`DROP TABLE "dining_table"`);
    await queryRunner.query(`DROP INDEX "public"."uq_branch_identifier"`);
    await queryRunner.query(`DROP TABLE "branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_delivery_area_branch"`);
    await queryRunner.query(`DROP TABLE "delivery_area"`);
    await queryRunner.query(`DROP INDEX "public"."uq_division_identifier"`);
    await queryRunner.query(`DROP TABLE "division"`);
  }
}
