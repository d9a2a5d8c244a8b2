import { Button } from 'react-aria-components';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { describedBy } from '../../platform/FormField';
import type { StringLookup } from '../../platform/useStrings';
import { emptyCriterion, moveItem, type CriterionDraft } from './guideDraft';

interface GuideCriteriaEditorProps {
  criteria: readonly CriterionDraft[];
  s: StringLookup;
  errorText: (field: string) => string | undefined;
  onChange: (criteria: CriterionDraft[]) => void;
}

/** Focuses an element once the list has been drawn again. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The guide's criteria, one card each: short name, maximum score, the two descriptions; add, delete, reorder. */
export function GuideCriteriaEditor({ criteria, s, errorText, onChange }: GuideCriteriaEditorProps) {
  const listError = errorText('criteria');
  const replace = (index: number, patch: Partial<CriterionDraft>) => onChange(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const label = (c: CriterionDraft, index: number) => c.shortname.trim() || s('criterionn', index + 1);

  const add = () => {
    const created = emptyCriterion();
    onChange([...criteria, created]);
    focusSoon(`guide-${created.key}-shortname`);
  };
  const remove = async (index: number) => {
    const criterion = criteria[index];
    if (!criterion) return;
    const ok = await confirmDialog({
      title: s('deletecriterion'),
      message: (
        <>
          <p>{s('deletecriterionconfirm', label(criterion, index))}</p>
          <p>{s('deletecriterionconsequence')}</p>
        </>
      ),
      confirmLabel: s('deletecriterion'),
      destructive: true,
    });
    if (!ok) return;
    onChange(criteria.filter((_, i) => i !== index));
    const neighbour = criteria[index + 1] ?? criteria[index - 1];
    focusSoon(neighbour ? `guide-${neighbour.key}-shortname` : 'guide-add-criterion');
  };
  const move = (index: number, step: -1 | 1) => {
    const criterion = criteria[index];
    onChange(moveItem(criteria, index, step));
    if (!criterion) return;
    announce(s('criterionmovedto', { name: label(criterion, index), position: index + step + 1 }));
    focusSoon(`guide-${criterion.key}-${step < 0 ? 'up' : 'down'}`);
  };

  return (
    <section className="card guide-criteria" aria-labelledby="guide-criteria-heading">
      <h2 id="guide-criteria-heading">{s('criteria')}</h2>
      {listError && (
        <p id="guide-criteria-error" className="field-error">
          {listError}
        </p>
      )}
      {criteria.length === 0 ? (
        <p className="empty-state">{s('nocriteria')}</p>
      ) : (
        <ol className="guide-criteria-list">
          {criteria.map((c, index) => {
            const id = `guide-${c.key}`;
            const nameError = errorText(`criteria[${index}][shortname]`);
            const maxError = errorText(`criteria[${index}][maxscore]`);
            return (
              <li key={c.key} className="guide-criterion" aria-label={label(c, index)}>
                <div className="guide-criterion-main">
                  <div className="field guide-criterion-name">
                    <label htmlFor={`${id}-shortname`}>{s('shortname')}</label>
                    <input id={`${id}-shortname`} type="text" value={c.shortname} onChange={(e) => replace(index, { shortname: e.target.value })} {...describedBy(`${id}-shortname`, nameError)} />
                    {nameError && (
                      <p id={`${id}-shortname-error`} className="field-error">
                        {nameError}
                      </p>
                    )}
                  </div>
                  <div className="field guide-criterion-max">
                    <label htmlFor={`${id}-maxscore`}>{s('maxscore')}</label>
                    <input
                      id={`${id}-maxscore`}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      value={c.maxscore}
                      onChange={(e) => replace(index, { maxscore: e.target.value })}
                      {...describedBy(`${id}-maxscore`, maxError)}
                    />
                    {maxError && (
                      <p id={`${id}-maxscore-error`} className="field-error">
                        {maxError}
                      </p>
                    )}
                  </div>
                </div>
                <div className="guide-criterion-texts">
                  <div className="field">
                    <label htmlFor={`${id}-description`}>{s('descriptionstudents')}</label>
                    <textarea id={`${id}-description`} rows={3} value={c.description} onChange={(e) => replace(index, { description: e.target.value })} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-markers`}>{s('descriptionmarkers')}</label>
                    <textarea id={`${id}-markers`} rows={3} value={c.descriptionmarkers} onChange={(e) => replace(index, { descriptionmarkers: e.target.value })} />
                  </div>
                </div>
                <div className="guide-row-actions">
                  <Button id={`${id}-up`} className="btn btn-secondary btn-small" isDisabled={index === 0} onPress={() => move(index, -1)} aria-label={s('movecriterionup', label(c, index))}>
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    id={`${id}-down`}
                    className="btn btn-secondary btn-small"
                    isDisabled={index === criteria.length - 1}
                    onPress={() => move(index, 1)}
                    aria-label={s('movecriteriondown', label(c, index))}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  {/* The name starts with the visible words (for speech input in every language), then says which criterion. */}
                  <Button className="btn btn-link danger" onPress={() => void remove(index)}>
                    {s('deletecriterion')}
                    <span className="visually-hidden"> {label(c, index)}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button id="guide-add-criterion" className="btn btn-secondary" onPress={add}>
        {s('addcriterion')}
      </Button>
    </section>
  );
}
