import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Preparation stations, their categories and products, kitchen ticket states and kitchen settings. */
export class KitchenDisplay1795910000000 implements MigrationInterface {
  name = 'KitchenDisplay1795910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "preparation_station" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "is_expeditor" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "branch_id" integer NOT NULL, CONSTRAINT "PK_8353760479fd1205437ffc54e13" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_preparation_station_branch" ON "preparation_station"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "kitchen_ticket" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "order_id" integer NOT NULL, "station_id" integer NOT NULL, "stage" smallint NOT NULL DEFAULT '0', "done_items" jsonb NOT NULL DEFAULT '[]', "bumped_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_cdc200b820d0366c4f4217471c4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_kitchen_ticket_station_bumped" ON "kitchen_ticket"  ("station_id", "bumped_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_kitchen_ticket_order_station" ON "kitchen_ticket"  ("order_id", "station_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "kitchen_settings" ("branch_id" integer NOT NULL, "stages" jsonb NOT NULL, "warn_minutes" smallint NOT NULL, "late_minutes" smallint NOT NULL, "ready_when_done" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_66933d8ba1baf19c13a9c2021c2" PRIMARY KEY ("branch_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "preparation_station_category" ("station_id" integer NOT NULL, "category_id" integer NOT NULL, CONSTRAINT "PK_c22eac449482c6ed171cdff470b" PRIMARY KEY ("station_id", "category_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9eb2eb84323a4d6729c6ce0afe" ON "preparation_station_category"  ("station_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_3b0d793c70d441d9db959f31e4" ON "preparation_station_category"  ("category_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "preparation_station_product" ("station_id" integer NOT NULL, "product_id" integer NOT NULL, CONSTRAINT "PK_9d3a88c57cc803c61f6b05d4b19" PRIMARY KEY ("station_id", "product_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_7d304f0a2be9bf79805c3894ed" ON "preparation_station_product"  ("station_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_1333549f123e430fdcb50b60ab" ON "preparation_station_product"  ("product_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station" ADD CONSTRAINT "fk_preparation_station_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "kitchen_ticket" ADD CONSTRAINT "fk_kitchen_ticket_order" FOREIGN KEY ("order_id") REFERENCES "customer_order"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "kitchen_ticket" ADD CONSTRAINT "fk_kitchen_ticket_station" FOREIGN KEY ("station_id") REFERENCES "preparation_station"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "kitchen_settings" ADD CONSTRAINT "fk_kitchen_settings_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_category" ADD CONSTRAINT "fk_preparation_station_category_station" FOREIGN KEY ("station_id") REFERENCES "preparation_station"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_category" ADD CONSTRAINT "fk_preparation_station_category_category" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_product" ADD CONSTRAINT "fk_preparation_station_product_station" FOREIGN KEY ("station_id") REFERENCES "preparation_station"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_product" ADD CONSTRAINT "fk_preparation_station_product_product" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "preparation_station_product" DROP CONSTRAINT "fk_preparation_station_product_product"`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_product" DROP CONSTRAINT "fk_preparation_station_product_station"`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_category" DROP CONSTRAINT "fk_preparation_station_category_category"`,
    );
    await queryRunner.query(
      `ALTER TABLE "preparation_station_category" DROP CONSTRAINT "fk_preparation_station_category_station"`,
    );
    await queryRunner.query(`ALTER TABLE "kitchen_settings" DROP CONSTRAINT "fk_kitchen_settings_branch"`);
    await queryRunner.query(`ALTER TABLE "kitchen_ticket" DROP CONSTRAINT "fk_kitchen_ticket_station"`);
    await queryRunner.query(`ALTER TABLE "kitchen_ticket" DROP CONSTRAINT "fk_kitchen_ticket_order"`);
    await queryRunner.query(
      `ALTER TABLE "preparation_station" DROP CONSTRAINT "fk_preparation_station_branch"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_1333549f123e430fdcb50b60ab"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7d304f0a2be9bf79805c3894ed"`);
    await queryRunner.query(`DROP TABLE "preparation_station_product"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3b0d793c70d441d9db959f31e4"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9eb2eb84323a4d6729c6ce0afe"`);
    await queryRunner.query(`DROP TABLE "preparation_station_category"`);
    await queryRunner.query(`DROP TABLE "kitchen_settings"`);
    await queryRunner.query(`DROP INDEX "public"."uq_kitchen_ticket_order_station"`);
    await queryRunner.query(`DROP INDEX "public"."ix_kitchen_ticket_station_bumped"`);
    await queryRunner.query(`DROP TABLE "kitchen_ticket"`);
    await queryRunner.query(`DROP INDEX "public"."ix_preparation_station_branch"`);
    await queryRunner.query(`DROP TABLE "preparation_station"`);
  }
}
