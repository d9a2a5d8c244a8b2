import { useId } from 'react';
import type { StringLookup } from '../../platform/useStrings';

interface Bar {
  label: string;
  count: number;
  /** Share of the responses, 0..1. */
  quotient: number;
}

const ROW = 28;
const LABEL_WIDTH = 180;
const BAR_WIDTH = 320;
const VALUE_WIDTH = 90;

/** One line of label text fitted to the label column (the full text stays in the accessible table). */
function fitted(text: string): string {
  return text.length > 26 ? `${text.slice(0, 25)}…` : text;
}

/**
 * Horizontal bars of a question's choices, drawn as SVG. The picture is hidden from screen readers,
 * which get the same numbers as a table instead.
 */
export function BarChart({ title, bars, s }: { title: string; bars: readonly Bar[]; s: StringLookup }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.count));
  const height = bars.length * ROW + 4;
  const percent = (q: number) => Math.round(q * 1000) / 10;
  return (
    <figure className="feedback-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {s('chartlabel', title)}
      </figcaption>
      <svg viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH} ${height}`} width="100%" role="presentation" aria-hidden="true" focusable="false">
        {bars.map((bar, i) => {
          const y = i * ROW + 2;
          const w = Math.max(bar.count > 0 ? 2 : 0, (bar.count / max) * BAR_WIDTH);
          return (
            <g key={i}>
              <text x={LABEL_WIDTH - 8} y={y + ROW / 2} className="feedback-chart-label" textAnchor="end" dominantBaseline="middle">
                {fitted(bar.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y + 4} width={BAR_WIDTH} height={ROW - 8} className="feedback-chart-track" rx={3} />
              <rect x={LABEL_WIDTH} y={y + 4} width={w} height={ROW - 8} className="feedback-chart-bar" rx={3} />
              <text x={LABEL_WIDTH + BAR_WIDTH + 8} y={y + ROW / 2} className="feedback-chart-value" dominantBaseline="middle">
                {s('barvalue', { count: bar.count, percent: percent(bar.quotient) })}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{s('chartlabel', title)}</caption>
        <tbody>
          {bars.map((bar, i) => (
            <tr key={i}>
              <th scope="row">{bar.label}</th>
              <td>{s('barvalue', { count: bar.count, percent: percent(bar.quotient) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
