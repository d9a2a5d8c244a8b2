import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { coreCourseGetContents } from '../../../api/course';
import { coreCourseformatGetState, coreCourseformatUpdateCourse, type CourseState } from '../../../api/courseformat';
import type { ArgsOf } from '../../../api/contract';
import type { InplaceElementData } from '../../platform/InPlaceEditable';
import { useWsMutation } from '../../platform/query';

const EDITING_KEY = 'tessera.courseediting';

/** Editing mode lasts for the browser session, across courses and pages, as Moodle's does. */
export function useEditingMode(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => sessionStorage.getItem(EDITING_KEY) === '1');
  return [
    on,
    (value: boolean) => {
      sessionStorage.setItem(EDITING_KEY, value ? '1' : '0');
      setOn(value);
    },
  ];
}

/** Puts a changed course state (the answer of every edit) into the cache, and refreshes the plain course page. */
function useStateUpdater(courseid: number) {
  const client = useQueryClient();
  return async (state: CourseState) => {
    client.setQueryData([coreCourseformatGetState.name, { courseid }], state);
    await client.invalidateQueries({ queryKey: [coreCourseGetContents.name] });
  };
}

export type UpdateArgs = Omit<ArgsOf<typeof coreCourseformatUpdateCourse>, 'courseid'>;

/** The edits of one course (update_course), with what is in progress for spinners; renames go through in-place editing. */
export function useCourseEdits(courseid: number) {
  const apply = useStateUpdater(courseid);
  const client = useQueryClient();
  const update = useWsMutation(coreCourseformatUpdateCourse);
  return {
    // Failures show the exception dialogue (the mutation cache does it); the answer is then null.
    run: (args: UpdateArgs): Promise<CourseState | null> =>
      update.mutateAsync({ ...args, courseid }).then(
        async (state) => (await apply(state), state),
        () => null,
      ),
    /** "action:id" of the change in progress, for the spinner on its control. */
    busy: update.isPending && update.variables ? `${update.variables.action}:${(update.variables.ids ?? []).join(',')}` : '',
    /** A section or activity renamed in place: its new name goes into the course state at once. */
    renamed: (element: InplaceElementData) => {
      const id = Number(element.itemid);
      const name = element.displayvalue;
      const rawname = element.value ?? '';
      client.setQueryData<CourseState>([coreCourseformatGetState.name, { courseid }], (state) =>
        state && {
          ...state,
          sections: state.sections.map((section) =>
            element.itemtype === 'sectionname'
              ? section.id === id
                ? { ...section, name, rawname }
                : section
              : { ...section, modules: section.modules.map((cm) => (cm.id === id ? { ...cm, name, rawname } : cm)) },
          ),
        },
      );
      void client.invalidateQueries({ queryKey: [coreCourseGetContents.name] });
    },
  };
}
