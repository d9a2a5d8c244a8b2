import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { GradingPanelGuide } from '../../../../api/assign';
import { describedBy } from '../../../platform/FormField';
import { useStrings } from '../../../platform/useStrings';
import { CommentChooser } from '../../grading/CommentChooser';
import { insertComment } from '../../grading/insertComment';
import { GUIDE_GRADING_STRINGS } from './strings';
import { criterionField, guideTotal, type GradeFormValues } from './gradingForm';

interface GuideFieldsProps {
  guide: GradingPanelGuide;
  values: GradeFormValues;
  errors: ReadonlyMap<string, string>;
  onChange: (criterionid: number, part: 'score' | 'remark', value: string) => void;
}

/** The marking guide in the grade panel: per criterion its descriptions, a score out of its maximum and a remark; the running total. */
export function GuideFields({ guide, values, errors, onChange }: GuideFieldsProps) {
  const s = useStrings('core_grading', GUIDE_GRADING_STRINGS);
  const [choosing, setChoosing] = useState<{ id: number; shortname: string } | null>(null);
  const { total, maxtotal } = guideTotal(guide, values);
  return (
    <fieldset className="grader-guide">
      <legend>{guide.name || s('guide')}</legend>
      {guide.description && <p className="field-help grader-guide-description">{guide.description}</p>}
      {guide.criteria.map((criterion) => {
        const filled = values.criteria[criterion.id] ?? { score: '', remark: '' };
        const scoreId = `grader-score-${criterion.id}`;
        const remarkId = `grader-remark-${criterion.id}`;
        const scoreError = errors.get(criterionField(criterion.id, 'score'));
        const remarkError = errors.get(criterionField(criterion.id, 'remark'));
        return (
          <section key={criterion.id} className="grader-criterion" aria-labelledby={`grader-criterion-${criterion.id}`}>
            <h4 id={`grader-criterion-${criterion.id}`} className="grader-criterion-name">
              {criterion.shortname}
            </h4>
            {criterion.description && <p className="grader-criterion-description">{criterion.description}</p>}
            {criterion.descriptionmarkers && (
              <p className="grader-criterion-markers">
                <span className="visually-hidden">{s('descriptionmarkers')}: </span>
                {criterion.descriptionmarkers}
              </p>
            )}
            <div className="field grader-score">
              <label htmlFor={scoreId}>{s('score')}</label>
              <div className="grader-score-row">
                <input
                  id={scoreId}
                  name={criterionField(criterion.id, 'score')}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  max={criterion.maxscore}
                  value={filled.score}
                  onChange={(e) => onChange(criterion.id, 'score', e.target.value)}
                  {...describedBy(scoreId, scoreError)}
                />
                <span className="muted">{s('scoremax', criterion.maxscore)}</span>
              </div>
              {scoreError && (
                <p id={`${scoreId}-error`} className="field-error">
                  {scoreError}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={remarkId}>{s('remark')}</label>
              <textarea
                id={remarkId}
                name={criterionField(criterion.id, 'remark')}
                rows={3}
                value={filled.remark}
                onChange={(e) => onChange(criterion.id, 'remark', e.target.value)}
                {...describedBy(remarkId, remarkError)}
              />
              {remarkError && (
                <p id={`${remarkId}-error`} className="field-error">
                  {remarkError}
                </p>
              )}
              {guide.comments.length > 0 && (
                <Button className="btn btn-link grader-insert-comment" onPress={() => setChoosing({ id: criterion.id, shortname: criterion.shortname })}>
                  {s('insertcomment')}
                </Button>
              )}
            </div>
          </section>
        );
      })}
      <p className="grader-guide-total" aria-live="polite">
        {s('totalscore', { total, maxtotal })}
      </p>
      {choosing && (
        <CommentChooser
          comments={guide.comments}
          criterion={choosing.shortname}
          onChoose={(comment) => onChange(choosing.id, 'remark', insertComment(values.criteria[choosing.id]?.remark ?? '', comment))}
          onClose={() => setChoosing(null)}
        />
      )}
    </fieldset>
  );
}
