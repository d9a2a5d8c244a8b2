import { getContextById, getSystemContext } from '../../platform/access/contexts';
import type { ComponentDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { sendNotification } from '../../components/message/send';
import { COURSE_EDITORS, EVERYONE, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

/**
 * A fragment callback for the matrix: core_get_fragment only checks login and the context, and leaves
 * the rest to the callback, so the matrix site registers one that needs moodle/course:update.
 */
export const fragmentProbe: ComponentDefinition = {
  name: 'tool_matrixprobe',
  dir: import.meta.dirname,
  fragments: {
    async courseupdate(ctx, request) {
      const context = await getContextById(ctx.db, request.contextid);
      if (!context) throw new AppError('invalidrecord', { a: 'context' });
      await ctx.access.requireCapability('moodle/course:update', context);
      return { html: '<p>probe</p>', javascript: '' };
    },
  },
};

/** A notification to the unenrolled user, which only they, managers and admins may read. */
function otherUsersNotification(fx: MatrixFixture): Promise<number> {
  return fx.once('notification', () =>
    sendNotification(fx.site.platform, fx.site.platform.db, {
      useridto: fx.otherUserId,
      component: 'core_enrol',
      eventtype: 'enrolled',
      subject: 'You were enrolled in MX101',
      fullmessage: 'You were enrolled in MX101.',
    }),
  );
}

async function firstSectionId(fx: MatrixFixture): Promise<number> {
  const row = await fx.site.platform.db.selectFrom('course_sections').select('id').where('course', '=', fx.courseid).where('section', '=', 1).executeTakeFirstOrThrow();
  return row.id;
}

export const coreDeclarations: PermissionDeclarations = {
  core_get_string: {
    allowed: EVERYONE,
    args: () => ({ stringid: 'topic', stringparams: [{ value: '2' }] }),
  },
  core_get_strings: {
    allowed: EVERYONE,
    args: () => ({ strings: [{ stringid: 'topic', stringparams: [{ value: '2' }] }, { stringid: 'nopermissions', component: 'error', stringparams: [{ value: 'x' }] }] }),
  },
  core_output_load_template: {
    allowed: EVERYONE,
    args: () => ({ component: 'core', template: 'notification_success', themename: 'boost' }),
  },
  core_fetch_notifications: {
    allowed: EVERYONE,
    args: async (fx) => ({ contextid: (await getSystemContext(fx.site.platform.db)).id }),
  },
  core_get_fragment: {
    allowed: COURSE_EDITORS,
    why: 'The dispatcher needs a login; the probe callback then needs moodle/course:update in MX101.',
    args: (fx) => ({ component: 'tool_matrixprobe', callback: 'courseupdate', contextid: fx.courseContextId }),
  },
  core_update_inplace_editable: {
    allowed: COURSE_EDITORS,
    why: "Renaming MX101's first section in place needs moodle/course:update in the course.",
    args: async (fx) => ({ component: 'core_courseformat', itemtype: 'sectionname', itemid: await firstSectionId(fx), value: `Section ${fx.unique()}` }),
  },
  message_popup_get_popup_notifications: {
    allowed: SITE_MANAGERS,
    why: "Another user's notifications need moodle/site:readallmessages.",
    args: async (fx) => {
      await otherUsersNotification(fx);
      return { useridto: fx.otherUserId };
    },
    check: (data) => ((data as { notifications: unknown[] }).notifications.length === 1 ? null : 'the notification to the other user is not listed'),
  },
  message_popup_get_unread_popup_notification_count: {
    allowed: SITE_MANAGERS,
    why: "Another user's unread count needs moodle/site:readallmessages.",
    args: async (fx) => {
      await otherUsersNotification(fx);
      return { useridto: fx.otherUserId };
    },
  },
  core_message_mark_notification_read: {
    allowed: [],
    why: 'Only the recipient may mark a notification read; not even an admin may mark one of another user’s.',
    refusals: ['notificationnotfound'],
    args: async (fx) => ({ notificationid: await otherUsersNotification(fx) }),
  },
  core_message_mark_all_notifications_as_read: {
    allowed: SITE_MANAGERS,
    why: "Marking another user's notifications needs moodle/site:readallmessages.",
    args: (fx) => ({ useridto: fx.otherUserId }),
  },
};

