import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { observeEvents, type LoggedEvent } from '../../platform/events';
import { isModuleContext } from './access';
import { completionModule } from './conditions';
import { evaluateModule, markViewed } from './service';

/** Any activity's "viewed" event. */
const VIEWED = /^\\mod_[a-z0-9]+\\event\\course_module_viewed$/;

/** Events after which an activity's own completion rule may have become met (or unmet). */
const SUBMITTED = new Set(['\\mod_assign\\event\\assessable_submitted', '\\mod_quiz\\event\\attempt_submitted', '\\mod_feedback\\event\\response_submitted']);

/** Completion follows what learners do in activities: views and submissions logged in a module's context. */
export async function completionObserver(db: Kysely<DB>, event: LoggedEvent): Promise<void> {
  const name = event.eventname ?? '';
  const viewed = VIEWED.test(name);
  if ((!viewed && !SUBMITTED.has(name)) || !isModuleContext(event.contextlevel) || !event.contextinstanceid) return;
  const cm = await completionModule(db, event.contextinstanceid);
  if (!cm || cm.completion === 0) return;
  if (viewed) return markViewed(db, cm, event.userid, event);
  return evaluateModule(db, cm, event.relateduserid || event.userid, event);
}

/** Registers the observer; the completion component calls it when it is loaded. */
export function observeCompletion(): void {
  observeEvents('core_completion', completionObserver);
}
