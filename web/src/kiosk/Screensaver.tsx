import { observer } from 'mobx-react-lite';
import { LanguageSwitch } from './KioskChrome';
import { useKioskTexts } from './KioskContext';

/** Asks for full screen on the first tap (a kiosk browser usually is already); refusals are fine. */
function enterFullscreen() {
  const element = document.documentElement;
  if (document.fullscreenElement || typeof element.requestFullscreen !== 'function') return;
  element.requestFullscreen().catch(() => undefined);
}

/** Spec section 2: the self-service screensaver 'tap to order', over the whole screen. */
export const Screensaver = observer(function Screensaver({
  shopName,
  branchName,
  onTap,
}: {
  shopName: string;
  branchName?: string;
  onTap: () => void;
}) {
  const kioskTexts = useKioskTexts();
  return (
    <div className="kiosk-screensaver">
      <button
        type="button"
        className="kiosk-screensaver__button"
        autoFocus
        onClick={() => {
          enterFullscreen();
          onTap();
        }}
      >
        <span className="kiosk-screensaver__welcome">{kioskTexts.welcome}</span>
        <span className="kiosk-screensaver__shop">{shopName}</span>
        {branchName && <span className="kiosk-screensaver__branch">{branchName}</span>}
        <span className="kiosk-screensaver__hand" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="120" height="120" focusable="false">
            <circle cx="32" cy="20" r="14" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.5" />
            <circle cx="32" cy="20" r="6" fill="currentColor" />
            <path
              d="M28 22v22l-5-4c-2-2-5-1-5 2 0 1 0 2 1 3l10 11c2 2 4 3 7 3h6c5 0 9-4 9-9V35c0-2-2-4-4-4s-4 2-4 4v-2c0-2-2-4-4-4s-4 2-4 4v-1c0-2-2-4-4-4l0 0V22c0-2-1-4-3-4s-3 2-3 4z"
              fill="currentColor"
            />
          </svg>
        </span>
        <span className="kiosk-screensaver__cta">{kioskTexts.tapToOrder}</span>
        <span className="kiosk-screensaver__hint">{kioskTexts.tapHint}</span>
      </button>
      <LanguageSwitch className="kiosk-lang--start" />
    </div>
  );
});
