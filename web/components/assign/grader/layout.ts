import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { coreUserGetUserPreferences, coreUserUpdateUserPreferences } from '../../../../api/user';
import { call } from '../../../platform/ajax';
import { showException } from '../../../platform/dialogs';
import { useWsQuery } from '../../../platform/query';

/** The user preference that remembers the grading screen's layout. */
export const LAYOUT_PREFERENCE = 'assign_grader_layout';

export const GRADER_LAYOUTS = ['collapse_review', 'expanded', 'collapse_grade'] as const;
export type GraderLayout = (typeof GRADER_LAYOUTS)[number];

function parseLayout(value: string | null | undefined): GraderLayout {
  return GRADER_LAYOUTS.find((l) => l === value) ?? 'expanded';
}

/** The layout (review panel collapsed, grade panel collapsed, or both shown) and a setter that remembers it. */
export function useGraderLayout(): [GraderLayout, (layout: GraderLayout) => void] {
  const client = useQueryClient();
  const args = { name: LAYOUT_PREFERENCE, userid: 0 };
  const stored = useWsQuery(coreUserGetUserPreferences, args, { staleTime: Infinity, meta: { quiet: true } });
  const [chosen, setChosen] = useState<GraderLayout | null>(null);
  const layout = chosen ?? parseLayout(stored.data?.preferences.find((p) => p.name === LAYOUT_PREFERENCE)?.value);
  const choose = (next: GraderLayout) => {
    setChosen(next);
    call(coreUserUpdateUserPreferences, { userid: 0, preferences: [{ type: LAYOUT_PREFERENCE, value: next }] }).then(
      () => client.setQueryData([coreUserGetUserPreferences.name, args], { preferences: [{ name: LAYOUT_PREFERENCE, value: next }], warnings: [] }),
      (error: unknown) => void showException(error),
    );
  };
  return [layout, choose];
}
