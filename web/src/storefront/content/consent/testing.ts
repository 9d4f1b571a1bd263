import { CONSENT_COOKIE, CONSENT_VERSION } from '@ordering/common';

/** A `document.cookie` with a current choice that allows only the statistics (tests). */
export const STATISTICS_COOKIE = `${CONSENT_COOKIE}=${encodeURIComponent(`${CONSENT_VERSION}|statistics|2026-03-01T10:00:00.000Z`)}`;
