import { t, toCents, type OrderSplitsStatistics, type SplitFigure } from '@ordering/common';
import { FigureTable } from '../editors/FigureTable';
import { formatCount, formatEuro } from './format';

/** The German name of a part of a split (catalogue: order type, payment method, channel). */
const LABELS = {
  byType: (key: string) => t(`orderType.${key}` as 'orderType.takeaway'),
  byPaymentMethod: (key: string) => t(`paymentMethod.${key}` as 'paymentMethod.cash'),
  byChannel: (key: string) => t(`orderChannel.${key}` as 'orderChannel.web'),
} as const;

const SPLITS = [
  ['byType', 'Bestellart'],
  ['byPaymentMethod', 'Zahlungsart'],
  ['byChannel', 'Kanal'],
] as const;

/**
 * A part's share of the revenue in percent with one decimal ("42,5 %"), computed on cents and rounded half
 * up on whole numbers, so the parts of exact money give exact shares.
 */
export function revenueShare(part: number, total: number): string {
  const whole = toCents(total);
  if (whole <= 0) return '–';
  const tenths = Math.floor((2000 * toCents(part) + whole) / (2 * whole));
  return `${formatCount(tenths / 10)} %`;
}

/**
 * "Bestellungen nach Art, Zahlung und Kanal": the counted orders of the range split three ways, each with
 * orders, revenue (exact, from the server) and its share of the revenue.
 */
export function OrderSplitsCard({ splits }: { splits: OrderSplitsStatistics | undefined }) {
  return (
    <section className="stats-card stats-card--wide" aria-labelledby="stats-splits-title">
      <h2 id="stats-splits-title">Bestellungen nach Art, Zahlung und Kanal</h2>
      {!splits ? (
        <p className="stats-empty">Wird geladen …</p>
      ) : splits.orders === 0 ? (
        <p className="stats-empty">Im Zeitraum gibt es keine Bestellungen.</p>
      ) : (
        <div className="stats-splits">
          {SPLITS.map(([split, label]) => (
            <FigureTable<SplitFigure>
              key={split}
              className="stats-table"
              wrapClassName="stats-split"
              wrapLabel={`Bestellungen nach ${label}`}
              testId={`stats-split-${split}`}
              rows={splits[split]}
              rowKey={(part) => part.key}
              label={label}
              name={(part) => LABELS[split](part.key)}
              columns={[
                { label: 'Anzahl', value: (part) => formatCount(part.orders) },
                { label: 'Umsatz', value: (part) => formatEuro(part.revenue) },
                { label: 'Anteil', value: (part) => revenueShare(part.revenue, splits.revenue) },
              ]}
            />
          ))}
        </div>
      )}
      <p className="stats-note">
        Gezählte Bestellungen (ohne Stornos), Umsatz brutto. Kanal „Nicht erfasst“: Bestellungen von vor der
        Erfassung des Kanals.
      </p>
    </section>
  );
}
