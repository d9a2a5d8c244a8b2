import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { modFeedbackAddInstance } from '../../../api/feedback';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now, type Platform } from '../../platform/platform';
import type { CourseModuleActivity } from '../courseformat/modules';
import { COMPONENT } from './access';

export type FeedbackSettings = Omit<z.output<typeof modFeedbackAddInstance.args>, 'courseid' | 'section' | 'groupmode' | 'groupingid'>;

export function settingsColumns(s: FeedbackSettings) {
  return {
    name: s.name,
    intro: s.intro,
    anonymous: s.anonymous,
    multiple_submit: s.multiple_submit ? 1 : 0,
    autonumbering: s.autonumbering ? 1 : 0,
    publish_stats: s.publish_stats ? 1 : 0,
    page_after_submit: s.page_after_submit,
    timeopen: s.timeopen,
    timeclose: s.timeclose,
    timemodified: now(),
  };
}

/** Close must come after open; refused with `invalidsettings` and the field's own message. */
export function requireValidSettings(platform: Platform, s: FeedbackSettings, lang: string): void {
  if (s.timeopen && s.timeclose && s.timeclose <= s.timeopen) {
    const message = platform.strings.get('closebeforeopen', COMPONENT, undefined, lang);
    throw new AppError('invalidsettings', { component: COMPONENT, a: message, fields: { timeclose: message } });
  }
}

/** Deletes feedbacks with their items, responses and responses in progress. */
export async function deleteFeedbacks(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const completed = db.selectFrom('feedback_completed').select('id').where('feedback', 'in', ids);
  await db.deleteFrom('feedback_value').where('completed', 'in', completed).execute();
  await db.deleteFrom('feedback_completed').where('feedback', 'in', ids).execute();
  const tmp = db.selectFrom('feedback_completedtmp').select('id').where('feedback', 'in', ids);
  await db.deleteFrom('feedback_valuetmp').where('completed', 'in', tmp).execute();
  await db.deleteFrom('feedback_completedtmp').where('feedback', 'in', ids).execute();
  await db.deleteFrom('feedback_item').where('feedback', 'in', ids).where('template', '=', 0).execute();
  await db.deleteFrom('feedback').where('id', 'in', ids).execute();
}

const FORM_FIELDS = ['name', 'intro', 'anonymous', 'multiple_submit', 'autonumbering', 'publish_stats', 'page_after_submit', 'timeopen', 'timeclose'] as const;

/** How the course page reads, renames and deletes feedbacks. */
export const feedbackActivity: CourseModuleActivity = {
  modname: 'feedback',
  async instances(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('feedback').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('feedback').set({ name, timemodified: now() }).where('id', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db.selectFrom('feedback').select(FORM_FIELDS).where('id', '=', instance).executeTakeFirst();
    return row ? Object.fromEntries(FORM_FIELDS.map((f) => [f, String(row[f])])) : {};
  },
  async deleteInstances(db, ids) {
    await deleteFeedbacks(db, ids);
  },
};
