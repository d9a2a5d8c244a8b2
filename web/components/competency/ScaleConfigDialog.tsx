import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { coreCompetencyGetScaleValues } from '../../../api/competency';
import { scaleConfigurationJson, type ScaleValueFlags } from '../../../api/competencyrules';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';

/** The flags of a stored configuration for a scale (none when it names another scale). */
export function flagsOf(json: string, scaleid: number): ScaleValueFlags[] {
  try {
    const [head, ...items] = JSON.parse(json) as Array<Record<string, unknown>>;
    if (!head || Number(head.scaleid) !== scaleid) return [];
    return items.map((i) => ({ id: Number(i.id), scaledefault: Number(i.scaledefault) ? 1 : 0, proficient: Number(i.proficient) ? 1 : 0 }));
  } catch {
    return [];
  }
}

/** The scale configuration dialogue: a default and a proficient checkbox per value; exactly one default, at least one proficient. */
export function ScaleConfigDialog({ scaleid, value, s, onSave, onClose }: { scaleid: number; value: string; s: StringLookup; onSave: (json: string) => void; onClose: () => void }) {
  const values = useWsQuery(coreCompetencyGetScaleValues, { scaleid });
  const [flags, setFlags] = useState<Map<number, ScaleValueFlags>>(() => new Map(flagsOf(value, scaleid).map((f) => [f.id, f])));
  const list = values.data ?? [];
  const flag = (id: number) => flags.get(id) ?? { id, scaledefault: 0, proficient: 0 };
  const defaults = list.filter((v) => flag(v.id).scaledefault).length;
  const proficient = list.filter((v) => flag(v.id).proficient).length;
  const problem = defaults !== 1 ? s('scaleconfigurationnodefault') : proficient === 0 ? s('scaleconfigurationnoproficient') : '';

  function set(id: number, change: Partial<ScaleValueFlags>) {
    const next = new Map(flags);
    // One default only: choosing a default clears the others.
    if (change.scaledefault) for (const [k, f] of next) next.set(k, { ...f, scaledefault: 0 });
    next.set(id, { ...flag(id), ...change });
    setFlags(next);
  }

  return (
    <ModalDialog
      isOpen
      title={s('scaleconfiguration')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <Button className="btn btn-primary" isDisabled={problem !== '' || list.length === 0} onPress={() => onSave(scaleConfigurationJson(scaleid, list.map((v) => flag(v.id))))}>
            {s('save')}
          </Button>
        </>
      }
    >
      <p className="field-help">{s('scaleconfigurationhelp')}</p>
      {!values.data ? (
        <Loading />
      ) : (
        <table className="table scale-config-table">
          <thead>
            <tr>
              <th scope="col">{s('scalevalue')}</th>
              <th scope="col">{s('scaledefault')}</th>
              <th scope="col">{s('proficient')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.id}>
                <th scope="row">{v.name}</th>
                <td>
                  <Checkbox className="checkbox" aria-label={`${s('scaledefault')}: ${v.name}`} isSelected={flag(v.id).scaledefault === 1} onChange={(on) => set(v.id, { scaledefault: on ? 1 : 0 })}>
                    <span className="checkbox-box" aria-hidden="true" />
                  </Checkbox>
                </td>
                <td>
                  <Checkbox className="checkbox" aria-label={`${s('proficient')}: ${v.name}`} isSelected={flag(v.id).proficient === 1} onChange={(on) => set(v.id, { proficient: on ? 1 : 0 })}>
                    <span className="checkbox-box" aria-hidden="true" />
                  </Checkbox>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="field-error" role="status" aria-live="polite">
        {values.data ? problem : ''}
      </p>
    </ModalDialog>
  );
}
