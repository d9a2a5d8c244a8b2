import { ADMIN_ONLY, SITE_MANAGERS, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

const QUERY = 'SELECT id, shortname FROM course ORDER BY id';

/** A report in the MX101 course for its teachers (block/configurable_reports:viewreports), made once by the admin. */
function courseReport(fx: MatrixFixture): Promise<number> {
  return fx.once('report:course', async () => {
    const { id } = await fx.admin<{ id: number }>('block_configurable_reports_save_report', {
      id: 0,
      name: 'Matrix course report',
      querysql: QUERY,
      contextid: fx.courseContextId,
      capability: 'block/configurable_reports:viewreports',
    });
    return id;
  });
}

/** A fresh report for a caller to edit or delete. */
async function freshReport(fx: MatrixFixture): Promise<number> {
  const { id } = await fx.admin<{ id: number }>('block_configurable_reports_save_report', {
    id: 0,
    name: `Matrix report ${fx.unique()}`,
    querysql: QUERY,
    contextid: fx.courseContextId,
    capability: 'block/configurable_reports:viewreports',
  });
  return id;
}

/** Course staff (viewreports in MX101) and report managers run the course report. */
const RUNNERS: readonly MatrixRole[] = ['teacher', 'editingteacher', 'manager', 'admin'];

export const reportDeclarations: PermissionDeclarations = {
  block_configurable_reports_list_reports: {
    allowed: ['student', 'teacher', 'editingteacher', 'manager', 'admin'],
    why: 'Course members list the course menu; the check holds the list to the reports each may run.',
    args: async (fx) => ({ courseid: (await courseReport(fx)) && fx.courseid }),
    check: (data, role) => {
      const { reports } = data as { reports: Array<{ id: number }> };
      const sees = reports.length > 0;
      const should = RUNNERS.includes(role);
      return sees === should ? null : sees ? 'a caller without viewreports sees the course report' : 'a report viewer does not see the course report';
    },
  },
  block_configurable_reports_get_report: {
    allowed: RUNNERS,
    args: async (fx) => ({ id: await courseReport(fx) }),
    check: (data, role) => {
      const { querysql } = data as { querysql: string };
      const should = SITE_MANAGERS.includes(role);
      return (querysql !== '') === should ? null : 'the query text is shown to the wrong callers';
    },
  },
  block_configurable_reports_run_report: {
    allowed: RUNNERS,
    args: async (fx) => ({ id: await courseReport(fx) }),
  },
  block_configurable_reports_list_runs: {
    allowed: RUNNERS,
    args: async (fx) => ({ id: await courseReport(fx) }),
  },
  block_configurable_reports_save_report: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ id: await freshReport(fx), name: 'Renamed', querysql: QUERY, contextid: fx.courseContextId, capability: 'block/configurable_reports:viewreports' }),
  },
  block_configurable_reports_delete_report: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ id: await freshReport(fx) }),
  },
  block_configurable_reports_preview_query: {
    allowed: SITE_MANAGERS,
    args: () => ({ querysql: QUERY }),
  },
  block_configurable_reports_get_settings: {
    allowed: ADMIN_ONLY,
    why: 'A site setting (the second database connection): moodle/site:config, which no archetype holds.',
    args: () => ({}),
  },
  block_configurable_reports_save_settings: {
    allowed: ADMIN_ONLY,
    why: 'A site setting: moodle/site:config. Saves the defaults (10 s, no second connection), so later declarations see the usual site.',
    args: () => ({ querytimeout: 10, remotedb: '' }),
  },
};
