// The kiosk's screens in one lazily loaded chunk (web/src/app/routes.tsx): a website visitor never
// downloads them.
export { KioskCheckoutPage } from './KioskCheckoutPage';
export { KioskLayout } from './KioskLayout';
export { KioskMenuPage } from './KioskMenuPage';
