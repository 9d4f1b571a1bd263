import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment plugin flags now gate their methods (common/src/checkout.ts): a shop that already offers a
 * card, voucher or online method keeps offering it, so its plugin is switched on with it.
 */
export class PaymentPlugins1795698249056 implements MigrationInterface {
  name = 'PaymentPlugins1795698249056';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "shop_config" SET
         "enable_plugin_card_payments" = "enable_plugin_card_payments" OR "enable_atm_card",
         "enable_plugin_voucher_payments" = "enable_plugin_voucher_payments" OR "enable_hydro_ag_voucher",
         "enable_plugin_online_payments" = "enable_plugin_online_payments" OR "enable_mollie" OR "enable_datatrans"`,
    );
  }

  async down(): Promise<void> {
    // The flags stay as they are: they were stored before and are only read more strictly now.
  }
}
