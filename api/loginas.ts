import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

export const coreUserCanLoginAs = contract({
  name: 'core_user_can_login_as',
  component: 'core_user',
  description:
    'Whether the caller may "log in as" the user from the course (1, the site, for site-wide): moodle/user:loginas in the system context, or in the course context for a user enrolled in that course (sharing a group in separate groups mode). Never for a site administrator, oneself, the guest, or a suspended or deleted user, nor while already logged in as someone. /course/loginas.php checks the same on its own.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/user:loginas'],
  args: z.strictObject({ userid: wsInt, courseid: wsInt.default(1) }),
  returns: z.object({ canloginas: z.boolean() }),
});
