import { useId } from 'react';
import { useLocale } from 'react-aria-components';
import { formatNumber } from '../../platform/intl';
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
 * which get the same numbers as a table instead. Right to left it is mirrored: labels at the right,
 * bars growing leftwards, values at the left (the SVG's own coordinates stay left to right).
 */
export function BarChart({ title, bars, s }: { title: string; bars: readonly Bar[]; s: StringLookup }) {
  const id = useId();
  const rtl = useLocale().direction === 'rtl';
  const max = Math.max(1, ...bars.map((b) => b.count));
  const width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH;
  const height = bars.length * ROW + 4;
  // Where the bars start, and the x of a point `dx` along the line from there (leftwards right to left).
  const barStart = rtl ? VALUE_WIDTH + BAR_WIDTH : LABEL_WIDTH;
  const along = (dx: number) => (rtl ? barStart - dx : barStart + dx);
  // The numbers in the page's language; the pack string places them and the percent sign.
  const value = (bar: Bar) => ({ count: formatNumber(bar.count), percent: formatNumber(bar.quotient * 100, 1, false) });
  return (
    <figure className="feedback-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {s('chartlabel', title)}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" direction="ltr" role="presentation" aria-hidden="true" focusable="false">
        {bars.map((bar, i) => {
          const y = i * ROW + 2;
          const w = Math.max(bar.count > 0 ? 2 : 0, (bar.count / max) * BAR_WIDTH);
          return (
            <g key={i}>
              <text x={along(-8)} y={y + ROW / 2} className="feedback-chart-label" textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle">
                {fitted(bar.label)}
              </text>
              <rect x={Math.min(barStart, along(BAR_WIDTH))} y={y + 4} width={BAR_WIDTH} height={ROW - 8} className="feedback-chart-track" rx={3} />
              <rect x={Math.min(barStart, along(w))} y={y + 4} width={w} height={ROW - 8} className="feedback-chart-bar" rx={3} />
              <text x={along(BAR_WIDTH + 8)} y={y + ROW / 2} className="feedback-chart-value" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle">
                {s('barvalue', value(bar))}
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
              <td>{s('barvalue', value(bar))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
