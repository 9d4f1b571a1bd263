import type { Entity } from './base.js';

/** Order type names used by the settings (`defaultDeliveryMethod`). */
export type DeliveryMethod = 'delivery' | 'dineIn' | 'takeaway';

/** Site types; unknown types render the 500 page. */
export type SiteType = 'default' | 'custom_site';

/** A website page (Seite), matched by path. */
export interface Site extends Entity {
  /** `default`: one rich-text body; `custom_site`: a sequence of sections in `content.body`. */
  type: SiteType;
  /** Page title. */
  title?: string;
  /** Content by layout key; `content.body` holds the body (HTML for `default`, sections for `custom_site`). */
  content: { body?: unknown; [key: string]: unknown };
  /** Drafts (false) are shown with a draft marker. */
  isPublic: boolean;
  /** Path segments joined by `/` without a leading slash; `''` is the home page. */
  path: string;
}

/** Block (section) types of home and custom sites. */
export type BlockType =
  | 'hero'
  | 'sectionImages'
  | 'sectionTextBoxes'
  | 'sectionValues'
  | 'sectionInfoBox'
  | 'sectionService'
  | 'sectionImageText'
  | 'sectionContact'
  | 'sectionVideo';

/** A content block (Inhalt). */
export interface Block extends Entity {
  /** Identifier used to place the block. */
  identifier: string;
  /** Block type. */
  type?: BlockType;
  /** Block content (fields by CMS field type). */
  content?: Record<string, unknown>;
  /** Switched on. */
  isEnabled: boolean;
  /** Public (drafts are shown with a marker). */
  isPublic: boolean;
}

/** Navigation item types: internal home, site or branch, or an external link (new tab). */
export type NavigationItemType = 'home' | 'site' | 'branch' | 'link';

/** One entry of a navigation (tree). */
export interface NavigationItem {
  /** Stable id within its navigation (kept across edits; new items get the next free one). */
  id?: number;
  /** Item type. */
  type: NavigationItemType;
  /** Site path, branch identifier or URL, by type (empty for home). */
  target: string;
  /** Visible label. */
  label: string;
  /** Switched on. */
  isEnabled: boolean;
  /** Sub-items. */
  children: NavigationItem[];
}

/** The navigation identifiers the storefront reads. */
export type NavigationIdentifier = 'footer-sites-navigation' | 'footer-data-navigation' | 'header-navigation';

/** A navigation. */
export interface Navigation extends Entity {
  /** One of {@link NavigationIdentifier} (others are allowed). */
  identifier: string;
  /** Display name. */
  name?: string;
  /** Top-level items. */
  items: NavigationItem[];
}

/** Site settings of the storefront. */
export interface SiteSettings {
  /** Home page title. */
  title: string;
  /** Home page description (HTML). */
  description: string;
  /** Business website. */
  website?: string | null;
  /** Currency code (default `EUR`). */
  currency: string;
  /** Order type preselected when the branch offers it. */
  defaultDeliveryMethod: DeliveryMethod;
  /** Home page variant A. */
  enablePluginHomePage: boolean;
  /** Branch search box. */
  enablePluginSearch: boolean;
  /** Tag filter tiles. */
  enablePluginTags: boolean;
  /** Category bar on the branch page. */
  enablePluginCategoryBar: boolean;
  /** Maps (with consent). */
  enablePluginMaps: boolean;
  /** Map zoom (default 19). */
  mapZoom?: number;
  /** Map pitch (default 55). */
  mapPitch?: number;
  /** Map bearing (default -85). */
  mapBearing?: number;
}

/** The markets the product is ready for (their profiles: common/src/market.ts). */
export const MARKETS = ['DE', 'AT'] as const;
export type Market = (typeof MARKETS)[number];

/** The shop configuration (`GET/POST /api/config`). */
export interface Config {
  /** Shop name (header, footer). */
  shopName: string;
  /** Legal business name (copyright line). */
  businessName: string;
  /** Currency code (default `EUR`). */
  currency: string;
  /** Market profile: `DE` (default) or `AT` (common/src/market.ts). */
  market?: Market;
  /** External URL of the terms and conditions. */
  termsAndConditions?: string | null;
  /** Markdown text of the terms (wins over the URL). */
  termsAndConditionsText?: string | null;
  /** External URL of the privacy policy. */
  privacyPolicy?: string | null;
  /** Markdown text of the privacy policy. */
  privacyPolicyText?: string | null;
  /** External URL of the imprint. */
  imprint?: string | null;
  /** Markdown text of the imprint. */
  imprintText?: string | null;
  /** External URL of the allergen list. */
  allergens?: string | null;
  /** Markdown text of the allergen list. */
  allergensText?: string | null;
  /** External URL of the Widerrufsbelehrung (without text or URL the market's default text shows). */
  withdrawalPolicy?: string | null;
  /** Markdown text of the Widerrufsbelehrung with the model withdrawal form. */
  withdrawalPolicyText?: string | null;
  /** Installable app. */
  enablePluginPWA: boolean;
  /** Toolbar with open-branch count. */
  enablePluginToolbar: boolean;
  /** Maps. */
  enablePluginMaps: boolean;
  /** Map zoom (default 19). */
  mapZoom?: number;
  /** Map pitch (default 55). */
  mapPitch?: number;
  /** Map bearing (default -85). */
  mapBearing?: number;
  /** MapLibre style JSON URL; `{token}` in it stands for {@link Config.mapAccessToken}. */
  mapStyleUrl?: string;
  /** The map provider's public access token. */
  mapAccessToken?: string;
  /** The ad pixel's id (Meta Pixel); empty: no pixel (common/src/ad-pixel.ts). */
  adPixelId?: string;
  /** The headings' font family (`/font/{family}/style-regular.embed.css`); empty: the system font. */
  headingFont?: string;
  /** The body text's font family; empty: the system font. */
  bodyFont?: string;
  /** Cash payments globally on. */
  enableCash: boolean;
  /** Debit card payments globally on. */
  enableATMCard: boolean;
  /** Mollie globally on. */
  enableMollie: boolean;
  /** Datatrans globally on. */
  enableDatatrans: boolean;
  /** Hydro AG vouchers globally on. */
  enableHydroAGVoucher: boolean;
  /** SMS notifications. */
  enablePluginSMS: boolean;
  /** Donations. */
  enablePluginDonations: boolean;
  /** Order reviews (questionnaire). */
  enablePluginOrderReviews: boolean;
  /** Front-desk ticket screens. */
  enablePluginFrontdesk: boolean;
  /** Home page variant A. */
  enablePluginHomePage?: boolean;
  /** Branch search. */
  enablePluginSearch?: boolean;
  /** Tag filter. */
  enablePluginTags?: boolean;
  /** Category bar. */
  enablePluginCategoryBar?: boolean;
  /** Ratings. */
  enablePluginRatings?: boolean;
  /** Card payments plugin. */
  enablePluginCardPayments?: boolean;
  /** Voucher payments plugin. */
  enablePluginVoucherPayments?: boolean;
  /** Online payment providers plugin. */
  enablePluginOnlinePayments?: boolean;
  /** No ticket numbers. */
  disableTickets: boolean;
  /** The preset reasons of a rejection, one per line (common/src/rejection-reasons.ts). */
  rejectionReasons?: string;
}

/** Local display settings of the back office (stored as 1/0, default true). */
export interface Settings {
  /** Show product data. */
  showProductData: boolean;
  /** Show customer data. */
  showCustomerData: boolean;
  /** The shop configuration. */
  config?: Config;
}
