import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { COURSE_OUTCOMES } from '../../../api/competencyshapes';
import { coreCompetencyUpdateCourseCompetencySettings, toolLpDataForCourseCompetenciesPage, toolLpSetCourseModuleCompetency } from '../../../api/coursecompetency';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';

/** The course's competency settings: whether ratings given in the course also rate the learners' own competencies. */
export function CourseSettingsDialog({ courseid, push, s, onClose }: { courseid: number; push: boolean; s: StringLookup; onClose: () => void }) {
  const save = useWsMutation(coreCompetencyUpdateCourseCompetencySettings, [toolLpDataForCourseCompetenciesPage]);
  const [value, setValue] = useState(push);
  return (
    <ModalDialog
      isOpen
      title={s('coursecompetencysettings')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton
            isPending={save.isPending}
            className="btn btn-primary"
            onPress={() =>
              save.mutate(
                { courseid, settings: { pushratingstouserplans: value } },
                {
                  onSuccess: () => {
                    void addNotification({ message: s('settingssaved'), type: 'success' });
                    onClose();
                  },
                },
              )
            }
          >
            {s('savechanges')}
          </PendingButton>
        </>
      }
    >
      <div className="field">
        <Checkbox className="checkbox" isSelected={value} onChange={setValue} aria-describedby="push-help" autoFocus>
          <span className="checkbox-box" aria-hidden="true" />
          {s('pushratingstouserplans')}
        </Checkbox>
        <p id="push-help" className="field-help">
          {s('pushratingstouserplanshelp')}
        </p>
      </div>
    </ModalDialog>
  );
}

interface Activity {
  id: number;
  name: string;
  modname: string;
}

/** The activities of the course linked to one of its competencies, each with what completing it does. */
export function ActivitiesDialog({
  competency,
  activities,
  linked,
  s,
  onClose,
}: {
  competency: { id: number; shortname: string };
  activities: readonly Activity[];
  linked: ReadonlyArray<{ id: number; ruleoutcome: number }>;
  s: StringLookup;
  onClose: () => void;
}) {
  const set = useWsMutation(toolLpSetCourseModuleCompetency, [toolLpDataForCourseCompetenciesPage]);
  const [state, setState] = useState(() => new Map(linked.map((l) => [l.id, l.ruleoutcome])));
  const change = (cmid: number, on: boolean, ruleoutcome: number) => {
    const next = new Map(state);
    if (on) next.set(cmid, ruleoutcome);
    else next.delete(cmid);
    setState(next);
    set.mutate({ cmid, competencyid: competency.id, linked: on, ruleoutcome });
  };
  return (
    <ModalDialog isOpen title={s('linkedactivitiesof', competency.shortname)} onClose={onClose}>
      {activities.length === 0 ? (
        <p className="muted">{s('noactivities')}</p>
      ) : (
        <ul className="plain-list activity-links">
          {activities.map((a) => {
            const outcome = state.get(a.id);
            return (
              <li key={a.id} className="plain-list-item">
                <Checkbox className="checkbox" isSelected={outcome !== undefined} onChange={(on) => change(a.id, on, outcome ?? 1)}>
                  <span className="checkbox-box" aria-hidden="true" />
                  {a.name}
                </Checkbox>
                {outcome !== undefined && (
                  <select aria-label={s('activityoutcomeof', a.name)} value={outcome} onChange={(e) => change(a.id, true, Number(e.target.value))}>
                    {COURSE_OUTCOMES.map((o) => (
                      <option key={o} value={o}>
                        {s(`activityoutcome_${o}`)}
                      </option>
                    ))}
                  </select>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ModalDialog>
  );
}
