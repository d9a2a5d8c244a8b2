import type { StringLookup } from '../../platform/useStrings';

/** A capability's risks as labelled badges; each explains itself on hover and to screen readers. */
export function RiskBadges({ risks, s }: { risks: readonly string[]; s: StringLookup }) {
  if (risks.length === 0) return null;
  return (
    <ul className="risk-badges">
      {risks.map((risk) => (
        <li key={risk} className={`badge risk-badge ${risk}`} title={s(`${risk}desc`)}>
          {s(risk)}
          <span className="visually-hidden">: {s(`${risk}desc`)}</span>
        </li>
      ))}
    </ul>
  );
}
