import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { visibleAreas } from '../areas';
import { DateInput } from '../editors/dates/DateInput';
import { FigureTable } from '../editors/FigureTable';
import { useStores } from '../stores';
import { downloadText } from '../csv';
import { BarChart, Heatmap } from './charts';
import { OrderSplitsCard } from './OrderSplitsCard';
import { statisticsCsv, statisticsCsvName } from './csv';
import {
  compare,
  formatCount,
  formatEuro,
  formatEuroShort,
  formatMinutes,
  formatQuantity,
  formatRange,
  type Comparison,
} from './format';
import { PRESETS, StatisticsStore } from './StatisticsStore';
import { ReviewAveragesCard } from './ReviewAveragesCard';
import './statistics.css';

export const STATISTICS_FEATURE = 'statistics';

/** The statistics store of this back-office root (created on the first visit). */
function useStatistics(): StatisticsStore {
  const root = useStores();
  return root.feature(
    STATISTICS_FEATURE,
    (r) => new StatisticsStore({ api: r.api, errors: r.errors, now: r.now }),
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One key figure, with its change against the previous period. */
function Figure({
  label,
  value,
  note,
  change,
  previous,
}: {
  label: string;
  value: string;
  note?: string;
  change?: Comparison;
  /** The previous period's value and range, for the change's tooltip. */
  previous?: string;
}) {
  return (
    <div className="stats-figure">
      <dt>{label}</dt>
      <dd>
        <span className="stats-figure__value">{value}</span>
        {change && (
          <span className={`stats-change stats-change--${change.tone}`} title={previous}>
            {change.text}
          </span>
        )}
        {note && <span className="stats-figure__note">{note}</span>}
      </dd>
    </div>
  );
}

/** `Vorperiode 02.11.2026 – 01.12.2026: 1.234,00 €`. */
const previousTitle = (previous: { from: string; to: string }, value: string) =>
  `Vorperiode ${formatRange(previous.from, previous.to)}: ${value}`;

/**
 * The statistics dashboard (Statistik): range and branch, key figures, revenue or orders per day, the best
 * sellers, when orders and visitors come, the storefront's pages, and planned against worked time.
 */
export const StatisticsPage = observer(function StatisticsPage() {
  const { ui, auth } = useStores();
  if (!visibleAreas(auth.roles).some((area) => area.path === 'statistics'))
    return (
      <section aria-labelledby="stats-title">
        <PageTitle title="Statistik" shopName={ui.shopName} />
        <h1 id="stats-title">Statistik</h1>
        <p className="card">Für diesen Bereich fehlt Ihnen die Berechtigung.</p>
      </section>
    );
  return <StatisticsDashboard />;
});

const StatisticsDashboard = observer(function StatisticsDashboard() {
  const { ui } = useStores();
  const stats = useStatistics();
  const [chart, setChart] = useState<'revenue' | 'orders'>('revenue');
  const [times, setTimes] = useState<'order-times' | 'visitor-times'>('order-times');

  // The range and branch live in the URL (`?from&to&branch`), so a reload or a shared link shows the same.
  const { search } = useLocation();
  const navigate = useNavigate();
  const currentSearch = useRef(search);
  currentSearch.current = search;
  useEffect(() => {
    void stats.applyQuery(search);
  }, [stats, search]);
  useEffect(
    () =>
      reaction(
        () => stats.query,
        (query) => {
          if (query !== null && `?${query}` !== currentSearch.current)
            navigate(`?${query}`, { replace: true });
        },
        { fireImmediately: true },
      ),
    [stats, navigate],
  );
  useEffect(() => {
    if (stats.branches.length === 0) void stats.loadBranches();
  }, [stats]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void stats.load();
  }

  const { orders, revenue, canceled, visitors, pageViews, shown } = stats;
  const popular = stats.results['popular-items']?.items ?? [];
  const pages = stats.results.pages;
  const events = stats.results.events;
  const matrix = stats.results[times];
  const activities = stats.results['working-activities'];
  const schedules = stats.results['working-schedules'];
  const branchName = shown?.branchId ? stats.branches.find((b) => b.id === shown.branchId)?.name : null;

  return (
    <section className="stats" aria-labelledby="stats-title" aria-busy={stats.loading}>
      <PageTitle title="Statistik" shopName={ui.shopName} />
      <div className="stats-head">
        <div>
          <h1 id="stats-title">Statistik</h1>
          <p className="stats-head__range" aria-live="polite">
            {shown
              ? `${formatRange(shown.from, shown.to)} · ${branchName ?? 'Alle Filialen'}`
              : 'Wird geladen …'}
          </p>
        </div>
        <form className="stats-filters" onSubmit={onSubmit} aria-label="Zeitraum und Filiale">
          <div className="stats-presets" role="group" aria-label="Zeitraum">
            {PRESETS.map(([preset, label]) => (
              <button
                key={preset}
                type="button"
                className="stats-preset"
                aria-pressed={stats.preset === preset}
                onClick={() => void stats.choose(preset)}
              >
                {label}
              </button>
            ))}
          </div>
          {stats.preset === 'custom' && (
            <div className="stats-custom">
              {(['from', 'to'] as const).map((field) => (
                <div className="stats-field" key={field}>
                  <label htmlFor={`stats-${field}`}>{field === 'from' ? 'Von' : 'Bis'}</label>
                  {/* German format (TT.MM.JJJJ) whatever the browser's language, with a calendar. */}
                  <DateInput
                    id={`stats-${field}`}
                    label={field === 'from' ? 'Von' : 'Bis'}
                    value={field === 'from' ? stats.from : stats.to}
                    aria-invalid={stats.rangeError?.field === field || undefined}
                    aria-describedby={stats.rangeError?.field === field ? 'stats-range-error' : undefined}
                    onChange={(date) =>
                      field === 'from' ? stats.setFrom(date ?? '') : stats.setTo(date ?? '')
                    }
                  />
                </div>
              ))}
              <button type="submit" className="button button--primary">
                Anzeigen
              </button>
            </div>
          )}
          <label className="stats-field">
            <span>Filiale</span>
            <select
              value={stats.branchId ?? ''}
              onChange={(e) => void stats.setBranch(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Alle Filialen</option>
              {stats.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button stats-export"
            disabled={!shown}
            onClick={() =>
              shown && downloadText(statisticsCsvName(shown), statisticsCsv(stats, branchName ?? null))
            }
          >
            CSV exportieren
          </button>
          {stats.rangeError && (
            <p id="stats-range-error" className="stats-error" role="alert">
              {stats.rangeError.message}
            </p>
          )}
        </form>
      </div>

      <dl className="stats-figures" aria-label="Kennzahlen">
        <Figure
          label="Bestellungen"
          value={orders ? formatCount(orders.total) : '–'}
          change={orders && compare(orders.total, orders.previous.total)}
          previous={orders && previousTitle(orders.previous, formatCount(orders.previous.total))}
          note={stats.results.items ? `${formatCount(stats.results.items.total)} Artikel` : undefined}
        />
        <Figure
          label="Umsatz"
          value={revenue ? formatEuro(revenue.total) : '–'}
          change={revenue && compare(revenue.total, revenue.previous.total, { money: true })}
          previous={revenue && previousTitle(revenue.previous, formatEuro(revenue.previous.total))}
          note="brutto, ohne Stornos"
        />
        <Figure
          label="Durchschnittlicher Bestellwert"
          value={revenue ? formatEuro(revenue.averageOrderValue) : '–'}
          change={
            revenue && compare(revenue.averageOrderValue, revenue.previous.averageOrderValue, { money: true })
          }
          previous={
            revenue && previousTitle(revenue.previous, formatEuro(revenue.previous.averageOrderValue))
          }
          note={revenue ? `aus ${plural(revenue.orders, 'Bestellung', 'Bestellungen')}` : undefined}
        />
        <Figure
          label="Stornierungen"
          value={canceled ? formatCount(canceled.total) : '–'}
          change={canceled && compare(canceled.total, canceled.previous.total, { moreIsBetter: false })}
          previous={canceled && previousTitle(canceled.previous, formatCount(canceled.previous.total))}
          note={
            canceled && canceled.total > 0
              ? `${formatEuro(canceled.lostRevenue)} entgangen`
              : canceled
                ? 'keine'
                : undefined
          }
        />
        <Figure
          label="Besucher"
          value={visitors ? formatCount(visitors.total) : '–'}
          change={visitors && compare(visitors.total, visitors.previous.total)}
          previous={visitors && previousTitle(visitors.previous, formatCount(visitors.previous.total))}
          note={
            pageViews
              ? `${plural(pageViews.total, 'Seitenaufruf', 'Seitenaufrufe')}${shown?.branchId ? ', ganzer Shop' : ''}`
              : undefined
          }
        />
      </dl>

      <div className="stats-grid">
        <section className="stats-card stats-card--wide" aria-labelledby="stats-chart-title">
          <header className="stats-card__head">
            <h2 id="stats-chart-title">{chart === 'revenue' ? 'Umsatz pro Tag' : 'Bestellungen pro Tag'}</h2>
            <div className="stats-toggle" role="group" aria-label="Kennzahl im Diagramm">
              <button type="button" aria-pressed={chart === 'revenue'} onClick={() => setChart('revenue')}>
                Umsatz
              </button>
              <button type="button" aria-pressed={chart === 'orders'} onClick={() => setChart('orders')}>
                Bestellungen
              </button>
            </div>
          </header>
          {chart === 'revenue' && revenue && (
            <BarChart
              title="Umsatz pro Tag"
              series={revenue.series}
              format={formatEuro}
              formatTick={formatEuroShort}
            />
          )}
          {chart === 'orders' && orders && (
            <BarChart title="Bestellungen pro Tag" series={orders.series} format={formatCount} />
          )}
        </section>

        <OrderSplitsCard splits={stats.results['order-splits']} />

        <section className="stats-card" aria-labelledby="stats-popular-title">
          <h2 id="stats-popular-title">Beliebte Produkte</h2>
          {popular.length === 0 ? (
            <p className="stats-empty">Im Zeitraum wurde nichts verkauft.</p>
          ) : (
            <FigureTable
              className="stats-table"
              rows={popular}
              rowKey={(item) => `${item.productId}-${item.unit}`}
              label="Produkt"
              name={(item) => item.name}
              columns={[
                { label: 'Menge', value: (item) => formatQuantity(item.quantity, item.unit) },
                { label: 'Bestellungen', value: (item) => formatCount(item.orders) },
                { label: 'Umsatz', value: (item) => formatEuro(item.revenue) },
              ]}
            />
          )}
        </section>

        <section className="stats-card" aria-labelledby="stats-times-title">
          <header className="stats-card__head">
            <h2 id="stats-times-title">{times === 'order-times' ? 'Bestellzeiten' : 'Besuchszeiten'}</h2>
            <div className="stats-toggle" role="group" aria-label="Zeiten anzeigen für">
              <button
                type="button"
                aria-pressed={times === 'order-times'}
                onClick={() => setTimes('order-times')}
              >
                Bestellungen
              </button>
              <button
                type="button"
                aria-pressed={times === 'visitor-times'}
                onClick={() => setTimes('visitor-times')}
              >
                Besucher
              </button>
            </div>
          </header>
          {matrix && (
            <Heatmap
              title={
                times === 'order-times'
                  ? 'Bestellungen nach Wochentag und Uhrzeit'
                  : 'Besucher nach Wochentag und Uhrzeit'
              }
              matrix={matrix.matrix}
              max={matrix.max}
              unit={(n) =>
                times === 'order-times'
                  ? plural(n, 'Bestellung', 'Bestellungen')
                  : plural(n, 'Besucher', 'Besucher')
              }
            />
          )}
        </section>

        <section className="stats-card" aria-labelledby="stats-visitors-title">
          <h2 id="stats-visitors-title">Besucher und Seiten</h2>
          <dl className="stats-pairs">
            <div>
              <dt>Besucher</dt>
              <dd>{visitors ? formatCount(visitors.total) : '–'}</dd>
            </div>
            <div>
              <dt>Seitenaufrufe</dt>
              <dd>{pageViews ? formatCount(pageViews.total) : '–'}</dd>
            </div>
            {stats.conversionRate !== null && (
              <div>
                <dt>Bestellquote</dt>
                <dd aria-describedby="stats-conversion-note">{formatCount(stats.conversionRate)}&nbsp;%</dd>
              </div>
            )}
            <div>
              <dt>Ereignisse</dt>
              <dd>{events ? formatCount(events.total) : '–'}</dd>
            </div>
          </dl>
          {pages && pages.pages.length > 0 ? (
            <FigureTable
              className="stats-table"
              rows={pages.pages.slice(0, 8)}
              rowKey={(page) => page.path}
              label="Seite"
              name={(page) => page.path || '(ohne Adresse)'}
              nameClassName="stats-path"
              columns={[
                { label: 'Aufrufe', value: (page) => formatCount(page.views) },
                { label: 'Besucher', value: (page) => formatCount(page.visitors) },
              ]}
            />
          ) : (
            <p className="stats-empty">
              Keine Seitenaufrufe im Zeitraum (gezählt wird nur mit Cookie-Zustimmung).
            </p>
          )}
          {stats.results.conversion && stats.conversionRate !== null && (
            <p className="stats-note" id="stats-conversion-note">
              Bestellquote nur über Besuche mit Cookie-Zustimmung:{' '}
              {plural(stats.results.conversion.buyers, 'Besucher hat', 'Besucher haben')} von{' '}
              {formatCount(stats.results.conversion.visitors)} bestellt. Bestellungen ohne Zustimmung zählen
              hier nicht.
            </p>
          )}
          {shown?.branchId ? <p className="stats-note">Besucherzahlen gelten für den ganzen Shop.</p> : null}
        </section>

        <section className="stats-card" aria-labelledby="stats-work-title">
          <h2 id="stats-work-title">Arbeitszeit</h2>
          <dl className="stats-pairs">
            <div>
              <dt>Geplant</dt>
              <dd>{schedules ? formatMinutes(schedules.total) : '–'}</dd>
            </div>
            <div>
              <dt>Gearbeitet</dt>
              <dd>{activities ? formatMinutes(activities.total) : '–'}</dd>
            </div>
            <div>
              <dt>Urlaub / Krank</dt>
              <dd>
                {activities
                  ? `${formatCount(activities.holidayDays)} / ${formatCount(activities.sickDays)} Tage`
                  : '–'}
              </dd>
            </div>
          </dl>
          {stats.workingTime.length === 0 ? (
            <p className="stats-empty">Keine Schichten und keine erfasste Arbeitszeit im Zeitraum.</p>
          ) : (
            <FigureTable
              className="stats-table"
              rows={stats.workingTime}
              rowKey={(p) => p.userId}
              label="Person"
              name={(p) => p.name}
              columns={[
                { label: 'Geplant', value: (p) => formatMinutes(p.planned) },
                { label: 'Gearbeitet', value: (p) => formatMinutes(p.worked) },
                {
                  label: 'Differenz',
                  value: (p) => formatMinutes(p.worked - p.planned),
                  className: (p) => (p.worked - p.planned < 0 ? 'stats-minus' : undefined),
                },
              ]}
            />
          )}
          {activities && activities.running > 0 && (
            <p className="stats-note">
              {plural(activities.running, 'Aktivität läuft', 'Aktivitäten laufen')} noch; gezählt bis jetzt.
            </p>
          )}
        </section>

        <ReviewAveragesCard range={shown} />
      </div>
    </section>
  );
});
