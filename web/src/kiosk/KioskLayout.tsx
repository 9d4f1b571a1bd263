import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate, useParams } from '../router/router';
import { OfflineBanner } from '../components/OfflineBanner';
import { PageTitle } from '../components/PageTitle';
import { AppShell } from '../shell/AppShell';
import type { ShellStore } from '../shell/ShellStore';
import { useStores } from '../storefront/stores';
import { connectKioskDevice } from './device';
import { IdleDialog } from './IdleDialog';
import { KioskDone } from './KioskDone';
import { KioskPayment } from './KioskPayment';
import { KioskProvider } from './KioskContext';
import type { KioskStore } from './KioskStore';
import { Screensaver } from './Screensaver';
import { LanguageSwitch, TermsButton } from './KioskChrome';
import { kioskTextsFor } from './texts';
import { CatalogLanguageProvider } from '../storefront/catalogLanguage';

/**
 * The self-service kiosk `/kiosk/{branch}` (docs/decisions/app-shell.md): its own full-screen layout, so
 * neither the cookie banner nor the install prompt nor the website's header and footer exist here. It
 * starts at the screensaver, follows every touch for the idle timers and goes back to the start page on
 * every reset.
 */
export const KioskLayout = observer(function KioskLayout({
  kiosk,
  shell,
}: {
  kiosk: KioskStore;
  shell: ShellStore;
}) {
  const root = useStores();
  const identifier = useParams().branch ?? '';
  const navigate = useNavigate();
  const startPath = `/kiosk/${encodeURIComponent(identifier)}`;

  useEffect(() => root.start(), [root]);
  // A shop device for walk-in guests: no one can consent for the next guest, so nothing that needs consent
  // runs here, whatever cookie the device's browser holds (docs/decisions/privacy.md).
  useEffect(() => root.consent.suspend(), [root]);
  useEffect(() => root.ui.bindConnectivity(window), [root]);
  useEffect(() => {
    kiosk.begin();
    return kiosk.start();
  }, [kiosk]);
  useEffect(() => connectKioskDevice(kiosk, window), [kiosk]);
  // The page speaks the guest's language (screen readers, hyphenation); the website is German again after.
  useEffect(() => {
    document.documentElement.lang = kiosk.language;
  }, [kiosk.language]);
  useEffect(() => () => void (document.documentElement.lang = 'de'), []);
  const kioskTexts = kioskTextsFor(kiosk.language);

  // Every touch, click or key counts as presence (capture: before any handler of the page).
  useEffect(() => {
    const onActivity = () => kiosk.activity();
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    events.forEach((type) => document.addEventListener(type, onActivity, { capture: true, passive: true }));
    return () => events.forEach((type) => document.removeEventListener(type, onActivity, { capture: true }));
  }, [kiosk]);

  // A reset (idle, "Neu beginnen", after an order) always lands on the start page of this kiosk.
  const resets = useRef(kiosk.resets);
  useEffect(() => {
    if (kiosk.resets === resets.current) return;
    resets.current = kiosk.resets;
    window.scrollTo(0, 0);
    void navigate(startPath, { replace: true });
  }, [kiosk.resets, navigate, startPath]);

  const branch = root.branches.byIdentifier(identifier);
  const config = root.data.config;
  return (
    <KioskProvider kiosk={kiosk}>
      {/* Product and category names in the guest's language (English where the back office has one). */}
      <CatalogLanguageProvider value={kiosk.language}>
        <div className="kiosk">
          {kiosk.screen !== 'ordering' && <PageTitle title={branch?.name} shopName={root.ui.shopName} />}
          <header className="kiosk-header">
            <div className="kiosk-header__brand">
              <span className="kiosk-header__mark" aria-hidden="true">
                {root.ui.shopName.charAt(0).toUpperCase()}
              </span>
              <span className="kiosk-header__names">
                <span className="kiosk-header__shop">{root.ui.shopName}</span>
                {branch && <span className="kiosk-header__branch">{branch.name}</span>}
              </span>
            </div>
            <div className="kiosk-header__actions">
              <TermsButton className="kiosk-button kiosk-button--ghost" />
              <LanguageSwitch />
              {kiosk.screen === 'ordering' && (
                <button type="button" className="kiosk-button kiosk-button--ghost" onClick={kiosk.reset}>
                  {kioskTexts.startOver}
                </button>
              )}
            </div>
          </header>
          <OfflineBanner ui={root.ui} />
          <main id="main" className="kiosk-main" tabIndex={-1}>
            {kiosk.screen === 'ordering' && <Outlet />}
          </main>
          {kiosk.screen === 'screensaver' && (
            <Screensaver shopName={root.ui.shopName} branchName={branch?.name} onTap={kiosk.tapToOrder} />
          )}
          {kiosk.screen === 'paying' && kiosk.payment && <KioskPayment payment={kiosk.payment} />}
          {kiosk.screen === 'done' && kiosk.placedOrder && (
            <KioskDone order={kiosk.placedOrder} onDone={kiosk.reset} />
          )}
          {kiosk.isWarning && (
            <IdleDialog secondsLeft={kiosk.secondsLeft} onStay={kiosk.activity} onReset={kiosk.reset} />
          )}
          <AppShell
            shell={shell}
            pwaEnabled={config ? config.enablePluginPWA === true : undefined}
            shopName={root.ui.shopName}
            selfService
          />
        </div>
      </CatalogLanguageProvider>
    </KioskProvider>
  );
});
