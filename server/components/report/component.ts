import { runPeriodically } from '../../platform/periodic';
import { CAP_MANAGEREPORTS, CAP_VIEWREPORTS } from '../../../api/report';
import { getSystemContext } from '../../platform/access/contexts';
import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_SYSTEM, RISK_CONFIG, RISK_PERSONAL } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { requireCourseAccess } from '../course/access';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerDataRoute } from './data';
import { registerExportRoute } from './export';
import { registerResultRoute } from './result';
import { runDueReports } from './schedule';
import { reportMethods } from './external';
import { reportMigrations } from './migrations';
import { loadReport, requireManage, requireRunReport } from './service';

/** How often each server process looks for scheduled reports that are due. */
const SCHEDULE_INTERVAL_MS = 60_000;

/** Every minute, the due scheduled reports run (claimed one by one, so processes never run one twice). */
function startScheduler(app: FastifyInstance, platform: Platform): void {
  runPeriodically(app, platform, SCHEDULE_INTERVAL_MS, 'scheduled reports failed', runDueReports);
}

/** block_configurable_reports: SQL reports run read-only, listed per site and per course. */
export const reportComponent: ComponentDefinition = {
  name: 'block_configurable_reports',
  dir: import.meta.dirname,
  migrations: reportMigrations.migrations,
  capabilities: [
    { name: CAP_MANAGEREPORTS, captype: 'write', contextlevel: CONTEXT_SYSTEM, riskbitmask: RISK_CONFIG | RISK_PERSONAL, archetypes: { manager: CAP_ALLOW } },
    {
      name: CAP_VIEWREPORTS,
      captype: 'read',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: RISK_PERSONAL,
      archetypes: { manager: CAP_ALLOW, editingteacher: CAP_ALLOW, teacher: CAP_ALLOW },
    },
  ],
  methods: reportMethods,
  pages: [
    {
      // The site reports index (no courseid) or a course's report menu.
      path: '/blocks/configurable_reports/managereport.php',
      guard: async (ctx, query) => {
        const courseid = Number(query.courseid) || 0;
        if (courseid > 0) await requireCourseAccess(ctx, courseid);
        else await getSystemContext(ctx.db);
      },
    },
    {
      path: '/blocks/configurable_reports/editreport.php',
      guard: async (ctx, query) => {
        await requireManage(ctx);
        if (query.id) await loadReport(ctx, Number(query.id) || 0);
      },
    },
    {
      path: '/blocks/configurable_reports/viewreport.php',
      guard: async (ctx, query) => {
        await requireRunReport(ctx, Number(query.id) || 0);
      },
    },
  ],
  routes: (app, platform) => {
    registerExportRoute(app, platform);
    registerDataRoute(app, platform);
    registerResultRoute(app, platform);
    startScheduler(app, platform);
  },
};
