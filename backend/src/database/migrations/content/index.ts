import { WithdrawalPolicy1795730000003 } from './1795730000003-withdrawal-policy.js';
import { AdPixelId1795800000000 } from './1795800000000-ad-pixel-id.js';
import { ShopFonts1795850000000 } from './1795850000000-shop-fonts.js';
import { ImageTemplatePublish1795930000000 } from './1795930000000-image-template-publish.js';
import { Content1795262122510 } from './1795262122510-content.js';
import { MapStyleUrl1795438788776 } from './1795438788776-map-style-url.js';
import { PaymentPlugins1795698249056 } from './1795698249056-payment-plugins.js';
import { ShopMarket1795699505905 } from './1795699505905-shop-market.js';
import { RejectionReasons1795715456745 } from './1795715456745-rejection-reasons.js';
export const MIGRATIONS: Function[] = [
  Content1795262122510,
  MapStyleUrl1795438788776,
  PaymentPlugins1795698249056,
  ShopMarket1795699505905,
  RejectionReasons1795715456745,
  WithdrawalPolicy1795730000003,
  AdPixelId1795800000000,
  ShopFonts1795850000000,
  ImageTemplatePublish1795930000000,
];
