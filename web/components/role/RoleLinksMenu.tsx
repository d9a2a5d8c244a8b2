import { ActionsMenu } from '../../platform/ActionsMenu';
import { useRoleMenuItems } from './useRoleMenuItems';

/** A "⋮" menu with the role pages of an activity or category (assign roles, permissions, check permissions), for people who may use them there. */
export function RoleLinksMenu({ contextlevel, instanceid }: { contextlevel: 'coursecat' | 'module'; instanceid: number }) {
  return <ActionsMenu items={useRoleMenuItems(contextlevel, instanceid, true)} />;
}
