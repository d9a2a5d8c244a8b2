import { useId, useState } from 'react';
import { modFeedbackDeleteTemplate, modFeedbackGetFeedbackAccessInformation, modFeedbackGetItems, modFeedbackGetTemplates, modFeedbackSaveTemplate, modFeedbackUseTemplate, type FeedbackItem } from '../../../api/feedback';
import { AjaxError } from '../../platform/ajax';
import { confirmDialog } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { FEEDBACK_STRINGS } from './strings';

/** Saving this feedback's questions as a template, and using or deleting the templates on offer. */
export function TemplatesPanel({ feedbackid, itemcount, onUsed }: { feedbackid: number; itemcount: number; onUsed: (items: FeedbackItem[]) => void }) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const ids = { name: useId(), template: useId(), mode: useId() };
  const templates = useWsQuery(modFeedbackGetTemplates, { feedbackid });
  const save = useWsMutation(modFeedbackSaveTemplate, [modFeedbackGetTemplates], { quiet: true });
  const use = useWsMutation(modFeedbackUseTemplate, [modFeedbackGetItems, modFeedbackGetFeedbackAccessInformation]);
  const remove = useWsMutation(modFeedbackDeleteTemplate, [modFeedbackGetTemplates]);
  const [name, setName] = useState('');
  const [ispublic, setPublic] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [chosen, setChosen] = useState(0);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const list = templates.data?.templates ?? [];
  const selected = list.find((t) => t.id === chosen) ?? list[0];

  const saveTemplate = () => {
    if (name.trim() === '') return setNameError(s('required'));
    setNameError(undefined);
    save.mutate(
      { feedbackid, name: name.trim(), ispublic },
      {
        onSuccess: () => {
          setName('');
          setPublic(false);
          void addNotification({ message: s('templatesaved'), type: 'success' });
        },
        onError: (error) => setNameError(error instanceof AjaxError ? error.message : String(error)),
      },
    );
  };
  const applyChosen = async () => {
    if (!selected) return;
    if (mode === 'replace') {
      const yes = await confirmDialog({ title: s('replacequestions'), message: s('confirmreplace', selected.name), confirmLabel: s('replacequestions'), cancelLabel: s('cancel'), destructive: true });
      if (!yes) return;
    }
    use.mutate(
      { feedbackid, templateid: selected.id, mode },
      {
        onSuccess: (answer) => {
          onUsed(answer.items);
          void addNotification({ message: s('templateused'), type: 'success' });
        },
      },
    );
  };
  const deleteTemplate = async () => {
    if (!selected) return;
    const yes = await confirmDialog({ title: s('deletetemplate'), message: s('confirmdeletetemplate', selected.name), confirmLabel: s('deletetemplate'), cancelLabel: s('cancel'), destructive: true });
    if (!yes) return;
    remove.mutate({ feedbackid, templateid: selected.id }, { onSuccess: () => void addNotification({ message: s('templatedeleted'), type: 'success' }) });
  };

  return (
    <section className="card feedback-templates" aria-labelledby={`${ids.name}-heading`}>
      <h2 id={`${ids.name}-heading`}>{s('templates')}</h2>
      <div className="feedback-templates-grid">
        <form
          className="form-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            saveTemplate();
          }}
        >
          <h3>{s('savetemplate')}</h3>
          <FormField id={ids.name} label={s('templatename')} error={nameError}>
            <input id={ids.name} type="text" value={name} onChange={(e) => setName(e.target.value)} {...describedBy(ids.name, nameError)} />
          </FormField>
          <label className="checkbox">
            <input type="checkbox" checked={ispublic} onChange={(e) => setPublic(e.target.checked)} /> {s('publictemplate')}
          </label>
          <div>
            <PendingButton isPending={save.isPending} type="submit" className="btn btn-secondary" isDisabled={itemcount === 0}>
              {s('savetemplate')}
            </PendingButton>
          </div>
        </form>
        <div className="form-stack">
          <h3>{s('usetemplate')}</h3>
          {list.length === 0 ? (
            <p className="muted">{s('notemplates')}</p>
          ) : (
            <>
              <FormField id={ids.template} label={s('template')}>
                <select id={ids.template} value={selected?.id ?? 0} onChange={(e) => setChosen(Number(e.target.value))}>
                  {list.map((t) => (
                    <option key={t.id} value={t.id}>
                      {`${t.name} (${t.ispublic ? s('scope_public') : s('scope_course')}, ${s('itemcount', t.itemcount)})`}
                    </option>
                  ))}
                </select>
              </FormField>
              <fieldset className="field">
                <legend>{s('usemode')}</legend>
                {(['append', 'replace'] as const).map((m) => (
                  <label key={m} className="checkbox">
                    <input type="radio" name={ids.mode} value={m} checked={mode === m} onChange={() => setMode(m)} /> {s(m)}
                  </label>
                ))}
              </fieldset>
              <div className="feedback-actions">
                <PendingButton isPending={use.isPending} className="btn btn-primary" onPress={() => void applyChosen()}>
                  {s('usethistemplate')}
                </PendingButton>
                {selected?.candelete && (
                  <PendingButton className="btn btn-danger" isPending={remove.isPending} onPress={() => void deleteTemplate()}>
                    {s('deletetemplate')}
                  </PendingButton>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
