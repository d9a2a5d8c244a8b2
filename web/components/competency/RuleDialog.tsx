import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import {
  coreCompetencyReadCompetency,
  coreCompetencyUpdateCompetency,
  DEFAULT_REQUIRED_POINTS,
  RULE_ALL,
  RULE_OUTCOMES,
  RULE_POINTS,
  toolLpDataForCompetenciesManagePage,
  toolLpListCompetencyTreeBranch,
  type Competency,
} from '../../../api/competency';
import { parsePointsConfig, ruleProblem } from '../../../api/competencyrules';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';

const OUTCOME_NAMES = ['outcome_none', 'outcome_evidence', 'outcome_complete', 'outcome_recommend'];

interface ChildPoints {
  points: string;
  required: boolean;
}

/**
 * The rule dialogue: outcome none hides the rest and is always valid; otherwise a rule, and for
 * "points" the required points (1 when empty) and each child's points and required flag. Save is
 * enabled only when the rule is valid. The children are the branch below the competency, loaded here.
 */
export function RuleDialog({ competency, s, onClose }: { competency: Competency; s: StringLookup; onClose: () => void }) {
  const branch = useWsQuery(toolLpListCompetencyTreeBranch, { competencyframeworkid: competency.competencyframeworkid, parentid: competency.id }, { meta: { quiet: true } });
  const children = branch.data ?? [];
  // The rule shows as a badge in the tree, whichever load brought the competency there.
  const save = useWsMutation(coreCompetencyUpdateCompetency, [toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch, coreCompetencyReadCompetency]);
  const stored = parsePointsConfig(competency.ruletype === RULE_POINTS ? competency.ruleconfig : null);
  const [outcome, setOutcome] = useState(competency.ruleoutcome);
  const [ruletype, setRuletype] = useState(competency.ruletype ?? '');
  const [required, setRequired] = useState(String(stored?.base.points ?? DEFAULT_REQUIRED_POINTS));
  // Only the children's points the user changed; the others come from the stored rule.
  const [changed, setPoints] = useState<Map<number, ChildPoints>>(new Map());
  const pointsOf = (id: number): ChildPoints => {
    const entry = stored?.competencies.find((k) => k.id === id);
    return changed.get(id) ?? { points: String(entry?.points ?? 1), required: entry?.required === 1 };
  };

  const requiredPoints = required.trim() === '' ? 1 : Number(required);
  const config = {
    base: { points: requiredPoints },
    competencies: children.map((c) => {
      const p = pointsOf(c.id);
      return { id: c.id, points: p.points.trim() === '' ? 0 : Number(p.points), required: p.required ? 1 : 0 };
    }),
  };
  const total = config.competencies.reduce((sum, c) => sum + (Number.isFinite(c.points) ? c.points : 0), 0);
  const rule = { ruleoutcome: outcome, ruletype: outcome === 0 ? null : ruletype || null, ruleconfig: ruletype === RULE_POINTS ? JSON.stringify(config) : null };
  const problem = ruleProblem(rule, competency.id, new Set(children.map((c) => c.id)));
  const canHaveRule = children.length > 0;

  function submit() {
    save.mutate(
      { competency: { id: competency.id, ...rule } },
      {
        onSuccess: () => {
          void addNotification({ message: s('rulesaved'), type: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <ModalDialog
      isOpen
      title={s('rulefor', competency.shortname)}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={save.isPending} className="btn btn-primary" isDisabled={!branch.data || problem !== null} onPress={submit}>
            {s('save')}
          </PendingButton>
        </>
      }
    >
      {branch.error ? (
        <p className="alert alert-danger" role="alert">
          {branch.error.message}
        </p>
      ) : !branch.data ? (
        <Loading />
      ) : (
        <div className="form-stack">
          {!canHaveRule && <p className="alert alert-info">{s('rulenochildren')}</p>}
          <div className="field">
            <label htmlFor="rule-outcome">{s('ruleoutcome')}</label>
            <select id="rule-outcome" value={outcome} disabled={!canHaveRule} onChange={(e) => setOutcome(Number(e.target.value))}>
              {RULE_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {s(OUTCOME_NAMES[o] ?? '')}
                </option>
              ))}
            </select>
          </div>
          {outcome !== 0 && (
            <div className="field">
              <label htmlFor="rule-type">{s('ruletype')}</label>
              <select id="rule-type" value={ruletype} onChange={(e) => setRuletype(e.target.value)}>
                <option value="">{s('choosearule')}</option>
                <option value={RULE_ALL}>{s('ruleall')}</option>
                <option value={RULE_POINTS}>{s('rulepoints')}</option>
              </select>
            </div>
          )}
          {outcome !== 0 && ruletype === RULE_POINTS && (
            <>
              <div className="field">
                <label htmlFor="rule-required-points">{s('pointsrequired')}</label>
                <input id="rule-required-points" type="number" min={1} step={1} value={required} onChange={(e) => setRequired(e.target.value)} />
              </div>
              <table className="table rule-points-table">
                <thead>
                  <tr>
                    <th scope="col">{s('competency')}</th>
                    <th scope="col">{s('points')}</th>
                    <th scope="col">{s('required')}</th>
                  </tr>
                </thead>
                <tbody>
                  {children.map((c) => {
                    const p = pointsOf(c.id);
                    const set = (change: Partial<ChildPoints>) => setPoints(new Map(changed).set(c.id, { ...p, ...change }));
                    return (
                      <tr key={c.id}>
                        <th scope="row">{c.shortname}</th>
                        <td>
                          <input type="number" step={1} aria-label={s('pointsof', c.shortname)} value={p.points} onChange={(e) => set({ points: e.target.value })} />
                        </td>
                        <td>
                          <Checkbox className="checkbox" aria-label={s('requiredof', c.shortname)} isSelected={p.required} onChange={(on) => set({ required: on })}>
                            <span className="checkbox-box" aria-hidden="true" />
                          </Checkbox>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="muted">{s('totalpoints', total)}</p>
            </>
          )}
          <p className="field-error" role="status" aria-live="polite">
            {problem && problem !== 'invalidruletype' && canHaveRule ? s(problem) : ''}
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
