import { useState } from 'react';
import { Button, type Key } from 'react-aria-components';
import { coreCompetencyListCompetencyFrameworks, type frameworkIncludesSchema } from '../../../api/competency';
import type { z } from 'zod';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { CompetencyTree } from './CompetencyTree';
import { COMPETENCY_STRINGS } from './strings';
import { useCompetencyTree } from './useCompetencyTree';

interface PickerProps {
  /** The context whose frameworks are offered, with `includes` ('children' by default, 'parents' for course and template pickers, 'self' with context 1 for plans). */
  pagecontextid: number;
  includes?: z.infer<typeof frameworkIncludesSchema>;
  /** The framework shown first (and the only one when `singleFramework`). */
  frameworkid?: number;
  singleFramework?: boolean;
  /** Ids that cannot be picked (the competency itself when relating, those already linked). */
  disallowed?: readonly number[];
  onAdd: (ids: number[]) => void;
  onClose: () => void;
}

/** The competency picker: a framework selector of visible frameworks, a search box, a tree with several selectable rows, Add and Cancel. */
export function CompetencyPicker({ pagecontextid, includes = 'children', frameworkid, singleFramework = false, disallowed = [], onAdd, onClose }: PickerProps) {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const frameworks = useWsQuery(coreCompetencyListCompetencyFrameworks, { context: { contextid: pagecontextid }, includes, onlyvisible: true, sort: 'shortname' }, { enabled: !singleFramework });
  const [chosen, setChosen] = useState(frameworkid ?? 0);
  const current = chosen || frameworks.data?.[0]?.id || 0;
  const [search, setSearch] = useState('');
  // A new framework or search opens as it arrives again.
  const tree = useCompetencyTree({ frameworkid: current, search, enabled: current > 0 });
  const [selected, setSelected] = useState<Set<Key>>(new Set());
  const allowed = [...selected].map(Number).filter((id) => !disallowed.includes(id));

  return (
    <ModalDialog
      isOpen
      title={s('competencypicker')}
      onClose={onClose}
      footer={
        <>
          <span className="muted picker-count" aria-live="polite">
            {s('selectedcount', allowed.length)}
          </span>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <Button className="btn btn-primary" isDisabled={allowed.length === 0} onPress={() => onAdd(allowed)}>
            {s('add')}
          </Button>
        </>
      }
    >
      <div className="picker-controls">
        {!singleFramework && (
          <div className="field">
            <label htmlFor="picker-framework">{s('framework')}</label>
            <select
              id="picker-framework"
              value={current}
              onChange={(e) => {
                setChosen(Number(e.target.value));
                setSelected(new Set());
              }}
            >
              {(frameworks.data ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.shortname}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="picker-search">{s('search')}</label>
          <input
            id="picker-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {!tree.page ? (
        <Loading />
      ) : (
        <CompetencyTree
          label={s('competencypicker')}
          tree={tree}
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
          disabledKeys={disallowed}
          badge={(n) => (disallowed.includes(n.id) ? s('notallowed') : '')}
          height="20rem"
          empty={search ? s('nomatchingcompetencies', search) : s('nocompetencies')}
        />
      )}
    </ModalDialog>
  );
}
