import { observer } from 'mobx-react-lite';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';
import { tableUrl, TablesStore, type DiningTable } from './TablesStore';

/** A table's QR code as a PNG data URL (made in the browser; nothing leaves it). */
function useQr(url: string): string | null {
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 320 }).then(
      (result) => live && setData(result),
      () => live && setData(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return data;
}

export function QrCard({
  table,
  url,
  onRemove,
  bare = false,
}: {
  table: DiningTable;
  url: string;
  onRemove?: () => void;
  /** Without a button of its own (on the whole-branch sheet, which has one print button). */
  bare?: boolean;
}) {
  const qr = useQr(url);
  return (
    <li className="ed-qr" data-table={table.identifier}>
      {qr ? (
        <img
          className="ed-qr__code"
          src={qr}
          alt={`QR-Code für Tisch ${table.identifier}`}
          width={160}
          height={160}
        />
      ) : (
        <span className="ed-qr__code" aria-hidden="true" />
      )}
      <span className="ed-qr__label">Tisch {table.identifier}</span>
      <span className="ed-qr__url">{url}</span>
      {bare ? null : onRemove ? (
        <button type="button" className="button button--ghost ed-remove" onClick={onRemove}>
          Tisch {table.identifier} löschen
        </button>
      ) : (
        <button type="button" className="button button--ghost ed-remove" onClick={printSheet}>
          QR-Code drucken
        </button>
      )}
    </li>
  );
}

/** Prints only the QR sheet (or card) (editors.css hides the rest while the class is on the page). */
export function printSheet() {
  const html = document.documentElement;
  html.classList.add('ed-printing-tables');
  window.addEventListener('afterprint', () => html.classList.remove('ed-printing-tables'), { once: true });
  window.print();
}

/**
 * The branch's tables with a printable QR code each, opening `/store/{identifier}?table=…` (the identifier
 * is printed under the code, as the checkout's hint says). Tables are entities of their own: this editor
 * reads and writes them through `/api/tables` and changes no field of the branch form.
 */
export const TablesQrEditor = observer(function TablesQrEditor(props: CustomEditorProps<unknown>) {
  const root = useStores();
  const inputId = useId();
  const branchIdentifier = typeof props.entity.identifier === 'string' ? props.entity.identifier : '';
  const [store] = useState(() => (props.id ? new TablesStore(root.api, root.errors, props.id) : null));
  useEffect(() => {
    void store?.load();
  }, [store]);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <fieldset className="ed-editor ed-tables" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      {!store ? (
        <p className="ed-empty">Tische können nach dem ersten Speichern der Filiale angelegt werden.</p>
      ) : (
        <>
          <div className="ed-row ed-tables__add">
            <label className="ed-field" htmlFor={inputId}>
              <span>Neuer Tisch (Nummer oder Name)</span>
              <input
                id={inputId}
                value={store.draft}
                maxLength={50}
                aria-invalid={!!store.draftError}
                onChange={(e) => store.setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void store.add();
                  }
                }}
              />
              <FieldError message={store.draftError ?? undefined} />
            </label>
            <button
              type="button"
              className="button button--ghost ed-add"
              onClick={() => void store.add()}
              disabled={store.busy}
            >
              Tisch hinzufügen
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={printSheet}
              disabled={store.tables.length === 0}
            >
              QR-Codes drucken
            </button>
          </div>
          {store.loaded && store.tables.length === 0 && <p className="ed-empty">Noch keine Tische.</p>}
          <ol className="ed-qr-sheet" aria-label="QR-Codes der Tische">
            {store.sorted.map((table) => (
              <QrCard
                key={table.id}
                table={table}
                url={tableUrl(origin, branchIdentifier, table.identifier)}
                onRemove={() => void store.remove(table.id)}
              />
            ))}
          </ol>
        </>
      )}
    </fieldset>
  );
});
