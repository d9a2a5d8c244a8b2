import type { ComponentDefinition } from '../../platform/component';
import { CAP_ALLOW, CONTEXT_COURSE, RISK_PERSONAL, RISK_XSS, type CapabilityDefinition } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { requireCourseAccess } from '../course/access';
import { enrolMethods } from './external';
import { enrolMigrations } from './migrations';
import { requireVisibleCourse } from './self';

const teachers = { editingteacher: CAP_ALLOW, manager: CAP_ALLOW };

/** Enrolment methods' capabilities (Moodle's enrol/manual and enrol/self db/access.php). */
const capabilities: CapabilityDefinition[] = [
  { name: 'enrol/manual:enrol', captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
  { name: 'enrol/manual:unenrol', captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
  { name: 'enrol/manual:manage', captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
  { name: 'enrol/self:manage', captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
  { name: 'enrol/self:config', captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: teachers },
];

function courseId(query: Record<string, string | undefined>): number {
  const id = Number(query.id);
  if (!Number.isInteger(id) || id <= 0) throw new AppError('missingcourseid', { component: 'core_course', status: 400 });
  return id;
}

export const enrolComponent: ComponentDefinition = {
  name: 'core_enrol',
  dir: import.meta.dirname,
  migrations: enrolMigrations.migrations,
  capabilities,
  methods: enrolMethods,
  pages: [
    {
      path: '/user/index.php',
      guard: async (ctx, query) => {
        const { context } = await requireCourseAccess(ctx, courseId(query));
        await ctx.access.requireCapability('moodle/course:viewparticipants', context);
      },
    },
    {
      path: '/enrol/index.php',
      guard: async (ctx, query) => {
        await requireVisibleCourse(ctx, courseId(query));
      },
    },
  ],
};
