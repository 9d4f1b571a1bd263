import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from '../../../router/router';
import { PageTitle } from '../../../components/PageTitle';
import { useStores } from '../../stores';
import '../editors.css';
import { QrCard, printSheet } from './TablesQrEditor';
import { tableUrl, TablesStore } from './TablesStore';

interface BranchRow {
  id: number;
  identifier: string;
  name: string;
}

export const BRANCHES_LOAD_FAILED = 'Filialen konnten nicht geladen werden.';

/**
 * `/backend/branches/tables/qr-codes?branch={id}`: every table of a branch with its QR code on one
 * printable sheet (three cards a row on paper). Read only: tables are added and removed in their own
 * list and form; the branch is chosen here or comes from the tables list's filter.
 */
export const TableQrSheetPage = observer(function TableQrSheetPage() {
  const root = useStores();
  const [params, setParams] = useSearchParams();
  const branchId = Number(params.get('branch')) || null;
  const [branches, setBranches] = useState<BranchRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void root.errors
      .run(BRANCHES_LOAD_FAILED, () => root.api.get<BranchRow[]>('/api/branches?limit=500'))
      .then((list) => live && list && setBranches(list));
    return () => {
      live = false;
    };
  }, [root]);
  const store = useMemo(
    () => (branchId ? new TablesStore(root.api, root.errors, branchId) : null),
    [root, branchId],
  );
  useEffect(() => {
    void store?.load();
  }, [store]);
  const branch = branches?.find((candidate) => candidate.id === branchId) ?? null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const title = 'QR-Codes der Tische';
  const tables = store?.sorted ?? [];

  return (
    <section className="bo-page ed-qr-page" aria-labelledby="qr-sheet-title">
      <PageTitle title={branch ? `${title} – ${branch.name}` : title} shopName={root.ui.shopName} />
      <div className="bo-toolbar">
        <h1 id="qr-sheet-title">{title}</h1>
        <div className="bo-toolbar__actions">
          <Link className="button button--secondary" to="/backend/branches/tables">
            Zurück zu den Tischen
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={printSheet}
            disabled={!branch || tables.length === 0}
          >
            QR-Codes drucken
          </button>
        </div>
      </div>
      <div className="bo-filters">
        <div className="bo-field">
          <label htmlFor="qr-sheet-branch" className="bo-field__label">
            Filiale
          </label>
          <select
            id="qr-sheet-branch"
            value={branchId ?? ''}
            onChange={(event) =>
              setParams(event.target.value ? { branch: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">Bitte wählen</option>
            {(branches ?? []).map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!branchId && <p className="bo-note">Wählen Sie die Filiale, deren Tische gedruckt werden sollen.</p>}
      {branch && store?.loaded && tables.length === 0 && <p className="ed-empty">Noch keine Tische.</p>}
      {branch && tables.length > 0 && (
        <ol className="ed-qr-sheet" aria-label={`QR-Codes der Tische – ${branch.name}`}>
          {tables.map((table) => (
            <QrCard
              key={table.id}
              table={table}
              url={tableUrl(origin, branch.identifier, table.identifier)}
              bare
            />
          ))}
        </ol>
      )}
    </section>
  );
});
