import { useState } from 'react';
import { Button } from 'react-aria-components';
import {
  coreCompetencyAddRelatedCompetency,
  coreCompetencyReadCompetency,
  coreCompetencyRemoveRelatedCompetency,
  toolLpDataForRelatedCompetenciesSection,
  type TreeNode,
} from '../../../api/competency';
import { Loading } from '../../app/Page';
import { call } from '../../platform/ajax';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';
import { CompetencyPicker } from './CompetencyPicker';
import { RuleDialog } from './RuleDialog';
import { SummaryDialog } from './SummaryDialog';
import { useQueryClient } from '@tanstack/react-query';

const OUTCOME_NAMES = ['outcome_none', 'outcome_evidence', 'outcome_complete', 'outcome_recommend'];

/** The selected competency: its details, rule, related competencies (with the picker) and summary. */
export function CompetencyDetails({ node, frameworkid, pagecontextid, canmanage, term, s }: {
  node: TreeNode;
  frameworkid: number;
  pagecontextid: number;
  canmanage: boolean;
  term: string;
  s: StringLookup;
}) {
  const competency = useWsQuery(coreCompetencyReadCompetency, { id: node.id });
  const related = useWsQuery(toolLpDataForRelatedCompetenciesSection, { competencyid: node.id });
  const remove = useWsMutation(coreCompetencyRemoveRelatedCompetency, [toolLpDataForRelatedCompetenciesSection]);
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'rule' | 'picker' | 'summary' | null>(null);
  const c = competency.data;

  async function addRelated(ids: number[]) {
    setDialog(null);
    for (const id of ids) await call(coreCompetencyAddRelatedCompetency, { competencyid: node.id, relatedcompetencyid: id });
    await client.invalidateQueries({ queryKey: [toolLpDataForRelatedCompetenciesSection.name] });
    void addNotification({ message: s('relatedadded'), type: 'success' });
  }

  const relatedIds = related.data?.relatedcompetencies.map((r) => r.id) ?? [];
  return (
    <section className="card competency-details" aria-labelledby="competency-details-title">
      <h2 id="competency-details-title">{s('selected', term)}</h2>
      {!c ? (
        <Loading />
      ) : (
        <>
          <h3>{c.shortname}</h3>
          <dl>
            <dt>{s('idnumber')}</dt>
            <dd>{c.idnumber}</dd>
            {c.description && (
              <>
                <dt>{s('description')}</dt>
                <dd>{htmlToText(c.description)}</dd>
              </>
            )}
            <dt>{s('competencyrule')}</dt>
            <dd>
              {s(OUTCOME_NAMES[c.ruleoutcome] ?? 'outcome_none')}
              {c.ruleoutcome !== 0 && c.ruletype && ` — ${s(c.ruletype.endsWith('points') ? 'rulepoints' : 'ruleall')}`}
            </dd>
          </dl>
          <div className="competency-actions">
            <Button className="btn btn-secondary" onPress={() => setDialog('summary')}>
              {s('summary')}
            </Button>
            {canmanage && (
              <Button className="btn btn-secondary" onPress={() => setDialog('rule')}>
                {s('competencyrule')}
              </Button>
            )}
          </div>
          <h3>{s('relatedcompetencies')}</h3>
          {!related.data ? (
            <Loading />
          ) : related.data.relatedcompetencies.length === 0 ? (
            <p className="muted">{s('norelated')}</p>
          ) : (
            <ul className="related-list">
              {related.data.relatedcompetencies.map((r) => (
                <li key={r.id}>
                  <span>
                    {r.shortname} <span className="muted small">{r.idnumber}</span>
                  </span>
                  {related.data.showdeleterelatedaction && (
                    <Button
                      className="btn btn-link danger"
                      onPress={() => remove.mutate({ competencyid: node.id, relatedcompetencyid: r.id }, { onSuccess: () => void addNotification({ message: s('relatedremoved'), type: 'success' }) })}
                    >
                      {s('delete')}
                      {/* The visible word first (for speech input), then which relation. */}
                      <span className="visually-hidden"> — {s('removerelated', r.shortname)}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {canmanage && (
            <Button className="btn btn-secondary" onPress={() => setDialog('picker')}>
              {s('addrelated')}
            </Button>
          )}
        </>
      )}
      {dialog === 'rule' && c && <RuleDialog competency={c} s={s} onClose={() => setDialog(null)} />}
      {dialog === 'summary' && <SummaryDialog competencyid={node.id} s={s} onClose={() => setDialog(null)} />}
      {dialog === 'picker' && (
        <CompetencyPicker pagecontextid={pagecontextid} frameworkid={frameworkid} singleFramework disallowed={[node.id, ...relatedIds]} onAdd={(ids) => void addRelated(ids)} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
