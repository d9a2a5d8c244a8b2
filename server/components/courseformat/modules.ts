import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ActivityDefinition, ComponentDefinition } from '../../platform/component';

/**
 * What the course page needs from a module type beyond ActivityDefinition to edit its instances:
 * renaming in place, deleting them with their section or on their own, and the stored values of the
 * type's own fields for its settings form.
 */
export interface CourseModuleActivity extends ActivityDefinition {
  setName(db: Kysely<DB>, instance: number, name: string): Promise<void>;
  deleteInstances(db: Kysely<DB>, ids: readonly number[]): Promise<void>;
  formValues(db: Kysely<DB>, instance: number): Promise<Record<string, string>>;
}

function isCourseModuleActivity(activity: ActivityDefinition): activity is CourseModuleActivity {
  return 'setName' in activity && 'deleteInstances' in activity && 'formValues' in activity;
}

/** The editable activity definition of a module type, when a component provides one. */
export function courseModuleActivity(components: readonly ComponentDefinition[], modname: string): CourseModuleActivity | undefined {
  const activity = components.find((c) => c.activity?.modname === modname)?.activity;
  return activity && isCourseModuleActivity(activity) ? activity : undefined;
}

/** Module types that have a component: what the "add an activity or resource" chooser offers. */
export function addableModnames(components: readonly ComponentDefinition[]): string[] {
  return components.flatMap((c) => (c.activity ? [c.activity.modname] : []));
}
