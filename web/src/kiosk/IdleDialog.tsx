import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useKioskTexts } from './KioskContext';

/** "Sind Sie noch da?" with the seconds left; any touch keeps the order, "Neu beginnen" ends it. */
export const IdleDialog = observer(function IdleDialog({
  secondsLeft,
  onStay,
  onReset,
}: {
  secondsLeft: number;
  onStay: () => void;
  onReset: () => void;
}) {
  const kioskTexts = useKioskTexts();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <div className="kiosk-backdrop">
      <div
        className="kiosk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-idle-title"
        aria-describedby="kiosk-idle-text"
      >
        <h2 id="kiosk-idle-title" className="kiosk-dialog__title">
          {kioskTexts.stillThere}
        </h2>
        <p className="kiosk-dialog__countdown" aria-hidden="true">
          {secondsLeft}
        </p>
        <p id="kiosk-idle-text" className="kiosk-dialog__text">
          {kioskTexts.resetIn(secondsLeft)}
        </p>
        <div className="kiosk-dialog__actions">
          <button type="button" className="kiosk-button kiosk-button--secondary" onClick={onReset}>
            {kioskTexts.startOver}
          </button>
          <button ref={stay} type="button" className="kiosk-button kiosk-button--primary" onClick={onStay}>
            {kioskTexts.keepOrdering}
          </button>
        </div>
      </div>
    </div>
  );
});
