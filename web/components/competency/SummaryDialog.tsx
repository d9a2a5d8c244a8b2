import { useEffect } from 'react';
import { toolLpDataForCompetencySummary } from '../../../api/competency';
import { coreCompetencyCompetencyViewed } from '../../../api/usercompetency';
import { Loading } from '../../app/Page';
import { call } from '../../platform/ajax';
import { ModalDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import type { StringLookup } from '../../platform/useStrings';

/** The competency summary: names, description, framework and scale, related competencies and linked courses. */
export function SummaryDialog({ competencyid, s, onClose }: { competencyid: number; s: StringLookup; onClose: () => void }) {
  const summary = useWsQuery(toolLpDataForCompetencySummary, { competencyid, includerelated: true, includecourses: true });
  const data = summary.data;
  const loaded = data !== undefined;
  useEffect(() => {
    // The view is logged once the summary has loaded; a failed log is not the reader's concern.
    if (loaded) call(coreCompetencyCompetencyViewed, { id: competencyid }).catch(() => undefined);
  }, [loaded, competencyid]);
  const flags = (() => {
    try {
      return (JSON.parse(data?.scaleconfiguration ?? '[]') as Array<{ id?: number; scaledefault?: number; proficient?: number }>).slice(1);
    } catch {
      return [];
    }
  })();
  const name = (id: number | undefined) => data?.scalevalues.find((v) => v.id === id)?.name ?? '';
  return (
    <ModalDialog isOpen title={s('competencysummary')} onClose={onClose}>
      {!data ? (
        <Loading />
      ) : (
        <div className="competency-details">
          <h3>{data.competency.shortname}</h3>
          <dl>
            <dt>{s('idnumber')}</dt>
            <dd>{data.competency.idnumber}</dd>
            <dt>{s('level')}</dt>
            <dd>{s(`taxonomy_${data.taxonomyterm}`)}</dd>
            <dt>{s('competencyframework')}</dt>
            <dd>{data.framework.shortname}</dd>
            {data.competency.description && (
              <>
                <dt>{s('description')}</dt>
                <dd>{htmlToText(data.competency.description)}</dd>
              </>
            )}
            <dt>{s('defaultvalue')}</dt>
            <dd>{flags.filter((f) => f.scaledefault).map((f) => name(f.id)).join(', ')}</dd>
            <dt>{s('proficientvalues')}</dt>
            <dd>{flags.filter((f) => f.proficient).map((f) => name(f.id)).join(', ')}</dd>
          </dl>
          <h4>{s('relatedcompetencies')}</h4>
          {data.hasrelatedcompetencies ? (
            <ul>
              {data.relatedcompetencies.map((r) => (
                <li key={r.id}>
                  {r.shortname} <span className="muted">{r.idnumber}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{s('norelated')}</p>
          )}
          <h4>{s('linkedcourses')}</h4>
          {data.hascourses ? (
            <ul>
              {data.linkedcourses.map((c) => (
                <li key={c.id}>
                  <a href={relativeUrl('/course/view.php', { id: c.id })}>{c.fullname}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{s('nolinkedcourses')}</p>
          )}
        </div>
      )}
    </ModalDialog>
  );
}
