import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, type FormEvent } from 'react';
import { Link, useLocation } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { Pager } from '../collection/Pager';
import { useStores } from '../stores';
import { listPanels } from '../timeclock/panels';
import { mayWrite } from './access';
import { YES_NO_OPTIONS } from './descriptions';
import { entityFeatureOf } from './feature';
import { formatCell } from './format';
import { rowTitle } from './RefOptionsStore';
import { rowCells } from './rowCells';
import { labelOf } from './schema';
import type { EntityDescription } from './types';

/** The generic list of one collection: search, filters, sort, pages with the total, a link to each row. */
export const EntityListPage = observer(function EntityListPage({
  description,
  area,
}: {
  description: EntityDescription;
  area: string;
}) {
  const root = useStores();
  const feature = entityFeatureOf(root);
  const list = feature.list(description);
  const { refs } = feature;
  const base = `/backend/${area}/${description.path}`;
  // A query the list was opened with (a pairing code from a terminal's QR) goes along to the form.
  const { search } = useLocation();
  const titleId = `list-title-${description.path}`;
  const writable = mayWrite(description, root.auth.roles);
  const Panel = description.listPanel ? listPanels[description.listPanel] : undefined;
  const extra = description.rowCell ? rowCells[description.rowCell] : undefined;
  const RowCell = extra?.visible(root.auth.roles) ? extra : undefined;

  useEffect(() => {
    void list.load();
  }, [list]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    list.page = 1;
    void list.load();
  }

  const columnLabel = (field: string, label?: string) => label ?? labelOf(description, { name: field });
  const sortOptions = (description.sortable ?? []).flatMap((field) => [
    {
      value: field,
      label: `${columnLabel(field, field === 'position' ? 'Reihenfolge' : undefined)} aufsteigend`,
    },
    {
      value: `-${field}`,
      label: `${columnLabel(field, field === 'position' ? 'Reihenfolge' : undefined)} absteigend`,
    },
  ]);
  const hasFilters =
    description.searchable || (description.filters?.length ?? 0) > 0 || sortOptions.length > 0;

  return (
    <section className="bo-page" aria-labelledby={titleId}>
      <PageTitle title={description.plural} shopName={root.ui.shopName} />
      <div className="bo-toolbar">
        <h1 id={titleId}>{description.plural}</h1>
        <div className="bo-toolbar__actions">
          {description.listLinks?.map((link) => (
            <Link key={link.label} className="button button--secondary" to={link.to(list.params)}>
              {link.label}
            </Link>
          ))}
          {writable && !description.noCreate && (
            <Link className="button button--primary" to={`${base}/new${search}`}>
              {description.singular} anlegen
            </Link>
          )}
        </div>
      </div>
      {description.noCreate && <p className="bo-note">{description.noCreate}</p>}
      {Panel && (
        <Suspense fallback={null}>
          <Panel />
        </Suspense>
      )}
      {RowCell && (
        <Suspense fallback={null}>
          <RowCell.Panel />
        </Suspense>
      )}
      {hasFilters && (
        <form className="bo-filters" onSubmit={onSubmit} aria-label={`${description.plural} filtern`}>
          {description.searchable && (
            <div className="bo-field">
              <label htmlFor="list-q" className="bo-field__label">
                Suche
              </label>
              <input
                id="list-q"
                type="search"
                value={list.params.q ?? ''}
                onChange={(e) => list.setParam('q', e.target.value)}
              />
            </div>
          )}
          {description.filters?.map((filter) => {
            const choices =
              filter.type === 'boolean'
                ? YES_NO_OPTIONS
                : filter.type === 'ref'
                  ? refs.options(filter.collection!)
                  : (filter.options ?? []);
            return (
              <div className="bo-field" key={filter.param}>
                <label htmlFor={`filter-${filter.param}`} className="bo-field__label">
                  {filter.label}
                </label>
                <select
                  id={`filter-${filter.param}`}
                  value={list.params[filter.param] ?? ''}
                  onChange={(e) => {
                    list.setParam(filter.param, e.target.value);
                    void list.load();
                  }}
                >
                  <option value="">Alle</option>
                  {choices.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          {sortOptions.length > 0 && (
            <div className="bo-field">
              <label htmlFor="list-sort" className="bo-field__label">
                Sortierung
              </label>
              <select
                id="list-sort"
                value={list.params.sort ?? ''}
                onChange={(e) => {
                  list.setParam('sort', e.target.value);
                  void list.load();
                }}
              >
                <option value="">Standard</option>
                {sortOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="submit" className="button button--primary">
            Suchen
          </button>
        </form>
      )}
      {list.loaded && list.items.length === 0 ? (
        <p className="card">Leider wurden keine Ergebnisse gefunden.</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="visually-hidden">{description.plural}</caption>
            <thead>
              <tr>
                {description.columns.map((column) => (
                  <th key={column.field} scope="col">
                    {columnLabel(column.field, column.label)}
                  </th>
                ))}
                {description.readOnly && <th scope="col">Änderungen</th>}
                {RowCell && <th scope="col">{RowCell.label}</th>}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={String(row.id)}>
                  {description.columns.map((column, index) => {
                    const text = formatCell(description, column, row, refs);
                    return (
                      <td key={column.field}>
                        {index === 0 && !description.readOnly ? (
                          <Link to={`${base}/${String(row.id)}${search}`}>
                            {text === '–' ? (description.titleOf?.(row) ?? rowTitle(row)) : text}
                          </Link>
                        ) : (
                          text
                        )}
                      </td>
                    );
                  })}
                  {description.readOnly && (
                    <td>
                      <details>
                        <summary>Anzeigen</summary>
                        <pre className="bo-json" tabIndex={0}>
                          {JSON.stringify(row.changes ?? {}, null, 2)}
                        </pre>
                      </details>
                    </td>
                  )}
                  {RowCell && (
                    <td>
                      <Suspense fallback={null}>
                        <RowCell.Cell row={row} />
                      </Suspense>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager list={list} />
    </section>
  );
});
