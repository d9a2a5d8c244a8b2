import { useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleGetReviewAccess, type coreRoleGetPermissionOverrides } from '../../../api/roleoverride';
import type { Crumb } from '../../app/Page';
import { useWsQuery } from '../../platform/query';

export type RoleContext = ResultOf<typeof coreRoleGetPermissionOverrides>['context'];

const SYSTEM = 10;

/**
 * The context a role page is about: `?contextid=`, or the system context when the address has none
 * (the site administration links). undefined while the system context's id is being fetched; NaN
 * for an address that names no valid id.
 */
export function useContextIdParam(): number | undefined {
  const [params] = useSearchParams();
  const raw = params.get('contextid');
  const system = useWsQuery(coreRoleGetReviewAccess, { contextlevel: 'system' }, { enabled: raw === null, meta: { quiet: true } });
  if (raw !== null) return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return system.data?.contextid;
}

/** The breadcrumb of a role page: the contexts above it with pages of their own, or site administration for the system. */
export function contextCrumbs(context: RoleContext, siteAdministration: string): Crumb[] {
  if (context.contextlevel === SYSTEM) return [{ label: siteAdministration, to: '/admin/' }];
  return context.trail.filter((t) => t.contextlevel !== SYSTEM && t.url).map((t) => ({ label: t.name, to: t.url }));
}
