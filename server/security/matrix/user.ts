import { startUpload } from '../../components/user/upload-jobs';
import { setPreference } from '../../platform/preferences';
import { ADMIN_ONLY, LOGGED_IN, SITE_MANAGERS, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

/** A classmate of the course roles: a student of MX101 whom every course member shares a course with. */
function classmate(fx: MatrixFixture): Promise<number> {
  return fx.once('user:classmate', () => fx.newUser('student'));
}

/** A one-row users CSV creating a user with a fresh username. */
function uploadCsv(fx: MatrixFixture): string {
  const n = fx.unique();
  return `username,firstname,lastname,email\nmxupload${n},Upload,Row ${n},mxupload${n}@example.org\n`;
}

/**
 * An upload stored in the caller's own name (only its owner may continue or read it), so a refusal
 * comes from the capability and not from the upload being someone else's.
 */
async function ownUploadId(fx: MatrixFixture, role: MatrixRole): Promise<number> {
  const upload = await startUpload(fx.site.platform.db, fx.users[role], { content: uploadCsv(fx), delimiter: 'comma', mode: 'addnew' });
  return upload.uploadid;
}

const PROFILE_VIEWERS: readonly MatrixRole[] = ['manager', 'admin'];

export const userDeclarations: PermissionDeclarations = {
  core_user_get_user_preferences: {
    allowed: SITE_MANAGERS,
    why: "Another user's preferences need moodle/user:update in the system context (managers).",
    args: async (fx) => {
      await fx.once('user:otherpreference', () => setPreference(fx.site.platform.db, fx.otherUserId, 'matrix_private', 'mine'));
      return { userid: fx.otherUserId, name: 'matrix_private' };
    },
    check: (data) => ((data as { preferences: Array<{ name: string; value: string | null }> }).preferences[0]?.value === 'mine' ? null : "the other user's preference is not answered"),
  },
  core_user_update_user_preferences: {
    allowed: SITE_MANAGERS,
    why: "Setting another user's preferences needs moodle/user:update in the system context (managers).",
    args: async (fx) => ({ userid: await fx.newUser(), preferences: [{ type: 'matrix_preference', value: 'set' }] }),
  },
  core_user_get_users_by_field: {
    allowed: LOGGED_IN,
    why:
      'Answers every logged-in caller but filters: oneself always; others with moodle/user:viewdetails in the system context (managers) or in a shared course. The guest sees no one but themself (Moodle forceloginforprofiles), and nobody but managers sees a user who shares no course with them.',
    args: async (fx, role) => ({ field: 'id', values: [fx.otherUserId, await classmate(fx), fx.users[role]] }),
    check: async (data, role, fx) => {
      const ids = new Set((data as Array<{ id: number }>).map((u) => u.id));
      if (!ids.has(fx.users[role])) return 'the caller does not see their own record';
      if (ids.has(fx.otherUserId) !== PROFILE_VIEWERS.includes(role)) return `the user who shares no course is ${ids.has(fx.otherUserId) ? '' : 'not '}listed`;
      const mate = await classmate(fx);
      if (role === 'guest' && ids.has(mate)) return 'the guest sees a profile';
      if (['teacher', 'editingteacher', 'manager', 'admin'].includes(role) && !ids.has(mate)) return 'a student of MX101 is not listed';
      return null;
    },
  },
  core_user_list_users: {
    allowed: SITE_MANAGERS,
    why: 'Browsing every user of the site needs moodle/user:update or moodle/user:viewdetails in the system context; the guest (who holds viewdetails through the guest role) may not (Moodle forceloginforprofiles).',
    args: () => ({ perpage: 500 }),
    check: (data, _role, fx) => {
      const users = (data as { users: Array<{ id: number }> }).users;
      if (users.some((u) => u.id === fx.users.guest)) return 'the guest account is listed';
      return users.some((u) => u.id === fx.otherUserId) ? null : 'the unenrolled user is not listed';
    },
  },
  core_user_create_users: {
    allowed: SITE_MANAGERS,
    args: (fx) => {
      const n = fx.unique();
      return { users: [{ username: `mxcreate${n}`, firstname: 'Created', lastname: `User ${n}`, email: `mxcreate${n}@example.org`, createpassword: true }] };
    },
  },
  core_user_update_users: {
    allowed: SITE_MANAGERS,
    why: "Changing another user's profile needs moodle/user:update; editownprofile covers only one's own.",
    args: async (fx) => ({ users: [{ id: await fx.newUser(), city: 'Matrixville', suspended: true }] }),
  },
  core_user_delete_users: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ userids: [await fx.newUser()] }),
  },
  core_user_get_profile_choices: {
    allowed: LOGGED_IN,
    why: 'The languages, timezones and countries are the same public lists for everyone; only a login is needed.',
    args: () => ({}),
  },
  core_user_preview_upload: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ content: uploadCsv(fx), delimiter: 'comma', mode: 'addnew' }),
  },
  core_user_start_upload: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ content: uploadCsv(fx), delimiter: 'comma', mode: 'addnew' }),
  },
  core_user_process_upload: {
    allowed: SITE_MANAGERS,
    why: "Each caller continues an upload of their own, so only moodle/site:uploadusers decides.",
    args: async (fx, role) => ({ uploadid: await ownUploadId(fx, role) }),
  },
  core_user_get_upload: {
    allowed: SITE_MANAGERS,
    why: "Each caller reads an upload of their own, so only moodle/site:uploadusers decides.",
    args: async (fx, role) => ({ uploadid: await ownUploadId(fx, role) }),
  },
  core_user_get_identity_settings: {
    allowed: ADMIN_ONLY,
    args: () => ({}),
  },
  core_user_update_identity_settings: {
    allowed: ADMIN_ONLY,
    why: 'A site setting: moodle/site:config, which no archetype holds. Saves the default (email), so later declarations see the usual site.',
    args: () => ({ showuseridentity: ['email'] }),
  },
  core_user_can_login_as: {
    allowed: LOGGED_IN,
    why:
      'A question rather than an action: it answers every logged-in caller, and the answer is yes only with moodle/user:loginas (managers, site-wide) for a student of MX101.',
    args: async (fx) => ({ userid: await classmate(fx), courseid: fx.courseid }),
    check: (data, role) => {
      const expected = SITE_MANAGERS.includes(role);
      return (data as { canloginas: boolean }).canloginas === expected ? null : `canloginas is ${String(!expected)}`;
    },
  },
};
