import type { Market } from '@ordering/common';
import { SECRET_KEYS, type SecretKey } from '@ordering/common/schemas';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DEFAULT_MAP_STYLE_URL } from '../serving/map-hosts.js';

export { SECRET_KEYS, type SecretKey };

const flag = (fallback: boolean, name?: string) =>
  Column({ type: 'boolean', default: fallback, ...(name ? { name } : {}) });
const url = () => Column({ type: 'varchar', length: 2000, nullable: true });
const markdown = () => Column({ type: 'text', nullable: true });
const secret = () => Column({ type: 'varchar', length: 500, default: '', select: false });

/**
 * The shop configuration and the storefront's site settings (spec section 3 "Config" and "Site settings"):
 * one row (id 1). The provider credentials are not selected unless asked for by name.
 */
@Entity({ name: 'shop_config' })
export class ShopConfig {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 200, default: '' })
  shopName: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  businessName: string;

  @Column({ type: 'varchar', length: 3, default: 'EUR' })
  currency: string;

  /** Market profile (`DE` | `AT`): the defaults and words of the shop's country. */
  @Column({ type: 'varchar', length: 2, default: 'DE' })
  market: Market;

  @url() termsAndConditions: string | null;
  @markdown() termsAndConditionsText: string | null;
  @url() privacyPolicy: string | null;
  @markdown() privacyPolicyText: string | null;
  @url() imprint: string | null;
  @markdown() imprintText: string | null;
  @url() allergens: string | null;
  @markdown() allergensText: string | null;
  @url() withdrawalPolicy: string | null;
  @markdown() withdrawalPolicyText: string | null;

  @flag(false, 'enable_plugin_pwa') enablePluginPWA: boolean;
  @flag(false) enablePluginToolbar: boolean;
  @flag(false) enablePluginMaps: boolean;

  @Column({ type: 'real', default: 19 })
  mapZoom: number;

  @Column({ type: 'real', default: 55 })
  mapPitch: number;

  @Column({ type: 'real', default: -85 })
  mapBearing: number;

  /**
   * The map style (MapLibre style JSON); `{token}` in it is replaced with {@link mapAccessToken}. Only the
   * map hosts the Content-Security-Policy allows are accepted (serving/headers.ts).
   */
  @Column({ type: 'varchar', length: 2000, default: DEFAULT_MAP_STYLE_URL })
  mapStyleUrl: string;

  /** The map provider's public access token (it is sent to every browser by design). */
  @Column({ type: 'varchar', length: 500, default: '' })
  mapAccessToken: string;

  /** The ad pixel's id (Meta Pixel), public like the map token; '' for none. */
  @Column({ type: 'varchar', length: 20, default: '' })
  adPixelId: string;

  /** The headings' font family (a `font` row with the variant `regular`); '' the system font. */
  @Column({ type: 'varchar', length: 100, default: '' })
  headingFont: string;

  /** The body text's font family; '' the system font. */
  @Column({ type: 'varchar', length: 100, default: '' })
  bodyFont: string;

  @flag(true) enableCash: boolean;
  @flag(false, 'enable_atm_card') enableATMCard: boolean;
  @flag(false) enableMollie: boolean;
  @flag(false) enableDatatrans: boolean;
  @flag(false, 'enable_hydro_ag_voucher') enableHydroAGVoucher: boolean;
  @flag(false, 'enable_plugin_sms') enablePluginSMS: boolean;
  @flag(false) enablePluginDonations: boolean;
  @flag(false) enablePluginOrderReviews: boolean;
  @flag(false) enablePluginFrontdesk: boolean;
  @flag(false) enablePluginHomePage: boolean;
  @flag(true) enablePluginSearch: boolean;
  @flag(false) enablePluginTags: boolean;
  @flag(false) enablePluginCategoryBar: boolean;
  @flag(false) enablePluginRatings: boolean;
  @flag(false) enablePluginCardPayments: boolean;
  @flag(false) enablePluginVoucherPayments: boolean;
  @flag(false) enablePluginOnlinePayments: boolean;
  @flag(false) disableTickets: boolean;

  /** Months after which finished orders lose their personal data (DSGVO); null: never. */
  @Column({ type: 'integer', nullable: true })
  anonymiseOrdersAfterMonths: number | null;

  /** The preset reasons of a rejection, one per line ('' none: staff write the reason). */
  @Column({ type: 'text', default: '' })
  rejectionReasons: string;

  /** Site settings: home page title. */
  @Column({ type: 'varchar', length: 200, default: '' })
  title: string;

  /** Site settings: home page description (cleaned HTML). */
  @Column({ type: 'text', default: '' })
  description: string;

  @url() website: string | null;

  @Column({ type: 'varchar', length: 10, default: 'takeaway' })
  defaultDeliveryMethod: 'delivery' | 'dineIn' | 'takeaway';

  @secret() mollieApiKey: string;
  @secret() datatransMerchantId: string;
  @secret() datatransSign: string;
  @secret() datatransPassword: string;
  @secret() smsApiKey: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
