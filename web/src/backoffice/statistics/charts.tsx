import type { DailyValue } from '@ordering/common';
import { useId } from 'react';
import { formatHourSpan, formatShortDay, WEEKDAYS, WEEKDAYS_SHORT } from './format';

/** A "nice" upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= max)!;
  return step * power;
}

interface BarChartProps {
  title: string;
  series: DailyValue[];
  /** Formats a value for the labels (`88,80 €`). */
  format: (value: number) => string;
  /** Formats an axis tick (shorter). */
  formatTick?: (value: number) => string;
}

const WIDTH = 1000;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 72 };

/**
 * Bars per day, drawn by hand in SVG (no chart library in the back-office chunk). The SVG is an image with
 * a summary as its name; each bar carries its day and value as a tooltip, and the table beside it (visually
 * hidden) gives screen readers every value.
 */
export function BarChart({ title, series, format, formatTick = format }: BarChartProps) {
  const id = useId();
  const max = niceMax(Math.max(0, ...series.map((d) => d.value)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, series.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const labelEvery = Math.ceil(series.length / 10);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const best = series.reduce<DailyValue | null>((a, d) => (!a || d.value > a.value ? d : a), null);
  const summary = best
    ? `${title}: ${series.length} Tage, Summe ${format(series.reduce((s, d) => s + d.value, 0))}, stärkster Tag ${formatShortDay(best.date)} mit ${format(best.value)}`
    : `${title}: keine Daten`;
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        {ticks.map((tick) => {
          const y = PAD.top + innerH - (tick / max) * innerH;
          return (
            <g key={tick} aria-hidden="true">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stats-chart__grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="stats-chart__tick">
                {formatTick(tick)}
              </text>
            </g>
          );
        })}
        {series.map((d, i) => {
          const h = (d.value / max) * innerH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={PAD.top + innerH - h}
                width={barW}
                height={Math.max(h, d.value > 0 ? 1 : 0)}
                rx={2}
                className="stats-chart__bar"
              >
                <title>{`${formatShortDay(d.date)}: ${format(d.value)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={x + barW / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="stats-chart__tick"
                  aria-hidden="true"
                >
                  {formatShortDay(d.date).slice(4)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden" aria-labelledby={`${id}-caption`}>
        <caption id={`${id}-caption`}>{title}</caption>
        <tbody>
          {series.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatShortDay(d.date)}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

interface HeatmapProps {
  title: string;
  matrix: number[][];
  max: number;
  /** `5 Bestellungen` for a cell's tooltip. */
  unit: (n: number) => string;
}

/** Weekday × hour as a grid of orange shades; the busiest hour is named in the image's label. */
export function Heatmap({ title, matrix, max, unit }: HeatmapProps) {
  const cell = 26;
  const left = 40;
  const top = 22;
  const width = left + 24 * cell;
  const height = top + 7 * cell;
  let busiest: { day: number; hour: number; n: number } | null = null;
  matrix.forEach((row, day) =>
    row.forEach((n, hour) => {
      if (n > 0 && (!busiest || n > busiest.n)) busiest = { day, hour, n };
    }),
  );
  const b = busiest as { day: number; hour: number; n: number } | null;
  const sentence = b
    ? `Am stärksten: ${WEEKDAYS[b.day]}, ${formatHourSpan(b.hour)} (${unit(b.n)})`
    : 'Keine Daten im Zeitraum';
  const label = `${title}: ${sentence}`;
  return (
    <figure className="stats-heatmap">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {Array.from({ length: 24 }, (_, hour) =>
          hour % 3 === 0 ? (
            <text
              key={hour}
              x={left + hour * cell + cell / 2}
              y={12}
              textAnchor="middle"
              className="stats-chart__tick"
              aria-hidden="true"
            >
              {hour}
            </text>
          ) : null,
        )}
        {matrix.map((row, day) => (
          <g key={day}>
            <text
              x={left - 8}
              y={top + day * cell + cell / 2 + 4}
              textAnchor="end"
              className="stats-chart__tick"
              aria-hidden="true"
            >
              {WEEKDAYS_SHORT[day]}
            </text>
            {row.map((n, hour) => (
              <rect
                key={hour}
                x={left + hour * cell + 1}
                y={top + day * cell + 1}
                width={cell - 2}
                height={cell - 2}
                rx={3}
                className="stats-heatmap__cell"
                style={{ fillOpacity: n === 0 || max === 0 ? 1 : 0.18 + 0.82 * (n / max) }}
                data-empty={n === 0 ? 'true' : undefined}
              >
                <title>{`${WEEKDAYS[day]}, ${formatHourSpan(hour)}: ${unit(n)}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="stats-heatmap__legend">
        <span className="stats-heatmap__busiest">{sentence}</span>
        <span aria-hidden="true">weniger</span>
        {[0.18, 0.45, 0.72, 1].map((o) => (
          <span key={o} className="stats-heatmap__swatch" style={{ opacity: o }} aria-hidden="true" />
        ))}
        <span aria-hidden="true">mehr</span>
      </figcaption>
    </figure>
  );
}
