import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Orders1795425430527 implements MigrationInterface {
  name = 'Orders1795425430527';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "customer_order" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "uid" uuid NOT NULL, "hash" character varying(64) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'unconfirmed', "branch_id" integer, "branch_name" character varying(200) NOT NULL DEFAULT '', "ticket_number" integer, "business_date" date NOT NULL, "is_quotation" boolean NOT NULL DEFAULT false, "is_delivery" boolean NOT NULL DEFAULT false, "is_dine_in" boolean NOT NULL DEFAULT false, "is_confirmed" boolean NOT NULL DEFAULT false, "is_rejected" boolean NOT NULL DEFAULT false, "is_canceled" boolean NOT NULL DEFAULT false, "is_completed" boolean NOT NULL DEFAULT false, "is_in_delivery" boolean NOT NULL DEFAULT false, "is_delivered" boolean NOT NULL DEFAULT false, "is_failed" boolean NOT NULL DEFAULT false, "is_paid" boolean NOT NULL DEFAULT false, "is_refunded" boolean NOT NULL DEFAULT false, "table_identifier" character varying(50), "delivery_area" jsonb, "appointment_date" TIMESTAMP WITH TIME ZONE, "appointment" TIMESTAMP WITH TIME ZONE, "counter_appointment" TIMESTAMP WITH TIME ZONE, "rejection_message" text, "comment" text NOT NULL DEFAULT '', "name" character varying(200) NOT NULL DEFAULT '', "first_name" character varying(100) NOT NULL DEFAULT '', "last_name" character varying(100) NOT NULL DEFAULT '', "company" character varying(200) NOT NULL DEFAULT '', "street" character varying(200) NOT NULL DEFAULT '', "city" character varying(100) NOT NULL DEFAULT '', "zip_code" character varying(20) NOT NULL DEFAULT '', "floor" character varying(50) NOT NULL DEFAULT '', "stairway" character varying(50) NOT NULL DEFAULT '', "door" character varying(50) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "email" character varying(200) NOT NULL DEFAULT '', "payment_method" character varying(30) NOT NULL DEFAULT 'cash', "donatee" jsonb, "items" jsonb NOT NULL DEFAULT '[]', "pricing" jsonb NOT NULL, "total_gross" numeric(12,2) NOT NULL DEFAULT '0', "questionnaire" jsonb, "questionnaire_rating" smallint, CONSTRAINT "PK_c70aef746523b2c4a0af0945209" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_customer_order_uid" ON "customer_order"  ("uid") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_customer_order_branch_ticket" ON "customer_order"  ("branch_id", "business_date", "ticket_number") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_customer_order_status" ON "customer_order"  ("status") `);
    await queryRunner.query(
      `CREATE INDEX "ix_customer_order_branch_created" ON "customer_order"  ("branch_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "order_ticket_counter" ("branch_id" integer NOT NULL, "business_date" date NOT NULL, "last" integer NOT NULL, CONSTRAINT "PK_d33dd366a881a6db5dc9fd4cfa8" PRIMARY KEY ("branch_id", "business_date"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "idempotency_key" ("key" character varying(255) NOT NULL, "request_hash" character varying(64) NOT NULL, "status" character varying(10) NOT NULL, "response_status" integer, "response" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_fc9ce4ebc11d09b2e28198f69b8" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_idempotency_key_created" ON "idempotency_key"  ("created_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_order" ADD CONSTRAINT "fk_customer_order_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_ticket_counter" ADD CONSTRAINT "fk_order_ticket_counter_branch" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "order_ticket_counter" DROP CONSTRAINT "fk_order_ticket_counter_branch"`,
    );
    await queryRunner.query(`ALTER TABLE "customer_order" DROP CONSTRAINT "fk_customer_order_branch"`);
    await queryRunner.query(`DROP INDEX "public"."ix_idempotency_key_created"`);
    await queryRunner.query(`DROP TABLE "idempotency_key"`);
    await queryRunner.query(`DROP TABLE "order_ticket_counter"`);
    await queryRunner.query(`DROP INDEX "public"."ix_customer_order_branch_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_customer_order_status"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customer_order_branch_ticket"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customer_order_uid"`);
    await queryRunner.query(`DROP TABLE "customer_order"`);
  }
}
