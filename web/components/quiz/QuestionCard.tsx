import { useId } from 'react';
import type { AttemptQuestion } from '../../../api/quiz';
import { formatNumber } from '../../platform/intl';
import type { StringLookup } from '../../platform/useStrings';

interface QuestionCardProps {
  question: AttemptQuestion;
  s: StringLookup;
  /** The current values of this question's fields by full name; absent in the review (read-only). */
  values?: Record<string, string>;
  onChange?: (name: string, value: string) => void;
}

/** One question of an attempt: its number and state beside it, the text, and the answer controls. */
export function QuestionCard({ question: q, s, values, onChange }: QuestionCardProps) {
  const id = useId();
  const readOnly = !onChange;
  const value = (field: string) => values?.[`${q.prefix}${field}`] ?? q.response[field] ?? '';
  const set = (field: string, v: string) => onChange?.(`${q.prefix}${field}`, v);
  const flagKey = `${q.prefix}:flagged`;
  const flagged = values?.[flagKey] !== undefined ? values[flagKey] === '1' : q.flagged;
  const stateClass = `quiz-question quiz-question-${q.state}`;
  return (
    <section className={stateClass} aria-labelledby={`${id}-title`} id={`question-${q.slot}`}>
      <div className="quiz-question-info">
        <h3 id={`${id}-title`}>{s('questionn', q.number)}</h3>
        <p className="quiz-question-state">{q.status}</p>
        <p className="quiz-question-grade">
          {q.mark !== undefined && q.maxmark !== undefined ? s('markof', { mark: formatNumber(q.mark, 2), max: formatNumber(q.maxmark, 2) }) : q.maxmark !== undefined ? s('markedoutof', formatNumber(q.maxmark, 2)) : null}
        </p>
        {!readOnly && (
          <label className="checkbox quiz-flag">
            <input type="checkbox" checked={flagged} onChange={(e) => set(':flagged', e.target.checked ? '1' : '0')} /> {s('flagquestion')}
          </label>
        )}
      </div>
      <div className="quiz-question-content">
        {/* Sanitised by the server. */}
        <div className="rich-text quiz-question-text" id={`${id}-text`} dangerouslySetInnerHTML={{ __html: q.questiontext }} />
        {q.type === 'multichoice' || q.type === 'truefalse' ? (
          <fieldset className="quiz-answer" aria-describedby={`${id}-text`}>
            <legend className="visually-hidden">{s('youranswer')}</legend>
            {q.choices.map((c, i) => {
              const checked = q.multiple ? value(`choice${c.value}`) === '1' : value('answer') === c.value;
              return (
                <div key={c.value} className={`quiz-choice${c.correct === true ? ' quiz-choice-correct' : ''}`}>
                  <label className="checkbox">
                    {q.multiple ? (
                      <input type="checkbox" checked={checked} disabled={readOnly} onChange={(e) => set(`choice${i}`, e.target.checked ? '1' : '0')} />
                    ) : (
                      <input type="radio" name={`${q.prefix}answer`} value={c.value} checked={checked} disabled={readOnly} onChange={() => set('answer', c.value)} />
                    )}{' '}
                    <span dangerouslySetInnerHTML={{ __html: c.label }} />
                    {c.correct === true && <span className="visually-hidden"> ({s('gradedright')})</span>}
                  </label>
                  {c.feedback && <div className="quiz-choice-feedback" dangerouslySetInnerHTML={{ __html: c.feedback }} />}
                </div>
              );
            })}
          </fieldset>
        ) : (
          <div className="field quiz-answer">
            <label htmlFor={`${id}-answer`}>{s('youranswer')}</label>
            <input id={`${id}-answer`} type="text" inputMode={q.type === 'numerical' ? 'decimal' : undefined} value={value('answer')} readOnly={readOnly} onChange={(e) => set('answer', e.target.value)} aria-describedby={`${id}-text`} />
          </div>
        )}
        {(q.specificfeedback || q.generalfeedback || q.rightanswer) && (
          <div className="quiz-outcome">
            {q.specificfeedback && <div className="rich-text" dangerouslySetInnerHTML={{ __html: q.specificfeedback }} />}
            {q.generalfeedback && <div className="rich-text" dangerouslySetInnerHTML={{ __html: q.generalfeedback }} />}
            {q.rightanswer && <p className="quiz-rightanswer">{s('rightansweris', q.rightanswer)}</p>}
          </div>
        )}
      </div>
    </section>
  );
}
