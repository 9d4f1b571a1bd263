import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Markdown } from '../components/Markdown';
import { QrImage } from '../components/QrImage';
import { useStores } from '../storefront/stores';
import { useKiosk, useKioskTexts } from './KioskContext';
import { KIOSK_LANGUAGES, kioskTextsFor } from './texts';

/** "Deutsch | English" on the start screen and in the header; each name in its own language. */
export const LanguageSwitch = observer(function LanguageSwitch({ className = '' }: { className?: string }) {
  const kiosk = useKiosk();
  const text = useKioskTexts();
  return (
    <div className={`kiosk-lang ${className}`} role="group" aria-label={text.language}>
      {KIOSK_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="kiosk-lang__option"
          aria-pressed={kiosk.language === language}
          onClick={(event) => {
            // On the screensaver the switch must not also start the order by the tap behind it.
            event.stopPropagation();
            kiosk.setLanguage(language);
          }}
        >
          {kioskTextsFor(language).languageName}
        </button>
      ))}
    </div>
  );
});

/**
 * The AGB, readable at the kiosk without leaving it (docs/decisions/kiosk.md): the configured text in an
 * overlay; a shop that only links its terms gets the address and its QR code to read them on a phone.
 */
export const TermsButton = observer(function TermsButton({ className }: { className: string }) {
  const { data } = useStores();
  const text = useKioskTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const body = data.config?.termsAndConditionsText?.trim() || null;
  const url = data.config?.termsAndConditions?.trim() || null;
  const absoluteUrl = url ? new URL(url, window.location.origin).toString() : null;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {text.terms}
      </button>
      <dialog
        ref={dialog}
        className="text-dialog kiosk-terms"
        aria-labelledby="kiosk-terms-title"
        onClose={() => setOpen(false)}
      >
        <div className="text-dialog__header">
          <h2 id="kiosk-terms-title">{text.termsTitle}</h2>
        </div>
        {open &&
          (body ? (
            <Markdown className="text-dialog__body" text={body} />
          ) : absoluteUrl ? (
            <div className="text-dialog__body kiosk-terms__link">
              <p>{text.termsAt(absoluteUrl)}</p>
              <QrImage url={absoluteUrl} alt={text.termsTitle} className="kiosk-qr" />
            </div>
          ) : (
            <p className="text-dialog__body">{text.termsNone(data.market.cashDesk)}</p>
          ))}
        <button
          type="button"
          className="kiosk-button kiosk-button--primary kiosk-terms__close"
          onClick={() => dialog.current?.close()}
        >
          {text.close}
        </button>
      </dialog>
    </>
  );
});
