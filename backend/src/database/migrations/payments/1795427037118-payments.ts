import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Payments1795427037118 implements MigrationInterface {
  name = 'Payments1795427037118';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_payment" ("id" SERIAL NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "order_id" integer NOT NULL, "order_uid" uuid NOT NULL, "method" character varying(30) NOT NULL, "reference" character varying(100), "state" character varying(20) NOT NULL DEFAULT 'created', "provider_status" character varying(30), "mode" character varying(10), "amount" numeric(12,2) NOT NULL, "currency" character varying(3) NOT NULL, "checkout_url" text, "refund_reference" character varying(100), "paid_at" TIMESTAMP WITH TIME ZONE, "refunded_at" TIMESTAMP WITH TIME ZONE, "checked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_28c756d4fd41223fedfbd2750e1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_order_payment_state" ON "order_payment"  ("state") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_order_payment_reference" ON "order_payment"  ("method", "reference") WHERE method <> 'hydro-ag-voucher'`,
    );
    await queryRunner.query(`CREATE INDEX "ix_order_payment_order" ON "order_payment"  ("order_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_order_payment_order"`);
    await queryRunner.query(`DROP INDEX "public"."uq_order_payment_reference"`);
    await queryRunner.query(`DROP INDEX "public"."ix_order_payment_state"`);
    await queryRunner.query(`DROP TABLE "order_payment"`);
  }
}
