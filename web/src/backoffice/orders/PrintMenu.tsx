import { PRINT_KINDS, type PrintKind } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { isReady, PRINT_KIND_TEXT, printerStateLabel, type PrintingDevice } from './PrintersStore';

/**
 * The order's "Drucken" menu: which paired printer of the branch (with its state: bereit, kein Papier,
 * offline) and what to print on it (receipt, kitchen ticket, item labels). Opened below the panel's
 * actions; the panel's notice then says what really happened.
 */
export const PrintMenu = observer(function PrintMenu({
  printers,
  busy,
  onPrint,
  onClose,
}: {
  printers: PrintingDevice[];
  busy: boolean;
  /** `device` null: no printer is paired, the job waits for any device of the branch. */
  onPrint: (kind: PrintKind, device: PrintingDevice | null) => void;
  onClose: () => void;
}) {
  const id = useId();
  // A ready printer first: that is where staff want it most of the time.
  const [chosen, setChosen] = useState<number | null>(
    () => (printers.find(isReady) ?? printers[0])?.id ?? null,
  );
  const firstPrinter = useRef<HTMLInputElement>(null);
  const firstKind = useRef<HTMLButtonElement>(null);
  // The menu opens with the focus in it: on the printers, or on the first document without any.
  useEffect(() => (firstPrinter.current ?? firstKind.current)?.focus(), []);
  const device = printers.find((d) => d.id === chosen) ?? null;
  return (
    <div className="print-menu" role="group" aria-labelledby={`${id}-title`}>
      <p className="print-menu__title" id={`${id}-title`}>
        Drucken
      </p>
      {printers.length === 0 ? (
        <p className="print-menu__hint">
          In dieser Filiale ist kein Drucker gekoppelt. Der Auftrag wartet, bis ein Gerät mit Drucker
          gekoppelt ist.
        </p>
      ) : (
        <fieldset className="print-menu__printers">
          <legend>Drucker</legend>
          {printers.map((d, index) => (
            <label key={d.id} className="print-menu__printer">
              <input
                type="radio"
                name={`${id}-printer`}
                checked={chosen === d.id}
                ref={index === 0 ? firstPrinter : undefined}
                onChange={() => setChosen(d.id)}
              />
              <span className="print-menu__name">{d.name}</span>
              <span className={`print-menu__state print-menu__state--${isReady(d) ? 'ready' : 'trouble'}`}>
                {printerStateLabel(d)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="action-row">
        {PRINT_KINDS.map((kind, index) => (
          <button
            key={kind}
            type="button"
            className={`button ${index === 0 ? 'button--primary' : ''}`}
            disabled={busy}
            ref={index === 0 ? firstKind : undefined}
            onClick={() => onPrint(kind, device)}
          >
            {PRINT_KIND_TEXT[kind]} drucken
          </button>
        ))}
        <button type="button" className="button button--ghost" onClick={onClose}>
          Abbrechen
        </button>
      </div>
    </div>
  );
});
