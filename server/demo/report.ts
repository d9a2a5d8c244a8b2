import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { getContext, getSystemContext } from '../platform/access/contexts';
import { CONTEXT_COURSE } from '../platform/access/types';
import { now } from '../platform/platform';

/** Three site reports for managers and one course report for the teachers of BIO101. */
export async function addDemoReports(db: Kysely<DB>, adminId: number): Promise<void> {
  const system = await getSystemContext(db);
  const biology = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const biologyContext = biology ? await getContext(db, CONTEXT_COURSE, biology.id) : undefined;
  const t = now();
  const manage = 'block/configurable_reports:managereports';
  const reports = [
    {
      name: 'Course enrolments',
      summary: 'How many people are enrolled in each course.',
      contextid: system.id,
      capability: manage,
      querysql: `SELECT c.shortname AS course, c.fullname AS name, COUNT(ue.id) AS enrolled
FROM course c
LEFT JOIN enrol e ON e.courseid = c.id
LEFT JOIN user_enrolments ue ON ue.enrolid = e.id
WHERE c.id <> 1
GROUP BY c.id, c.shortname, c.fullname
ORDER BY enrolled DESC`,
    },
    {
      name: 'Activities per course',
      summary: 'The activities of each course by type.',
      contextid: system.id,
      capability: manage,
      querysql: `SELECT c.shortname AS course, m.name AS activity, COUNT(cm.id) AS instances
FROM course_modules cm
JOIN course c ON c.id = cm.course
JOIN modules m ON m.id = cm.module
GROUP BY c.shortname, m.name
ORDER BY c.shortname, m.name`,
    },
    {
      name: 'Logins per day',
      summary: 'Log-ins recorded in the log between the start and end of the time range; runs every week and keeps each result.',
      contextid: system.id,
      capability: manage,
      schedule: 'weekly',
      nextrun: t,
      querysql: `SELECT timecreated / 86400 * 86400 AS day, COUNT(*) AS logins
FROM logstore_standard_log
WHERE action = 'loggedin' AND timecreated BETWEEN %%STARTTIME%% AND %%ENDTIME%%
GROUP BY timecreated / 86400
ORDER BY day DESC`,
    },
    ...(biologyContext
      ? [
          {
            name: 'Biology participants',
            summary: 'Everyone enrolled in this course, with their last access.',
            contextid: biologyContext.id,
            capability: 'block/configurable_reports:viewreports',
            querysql: `SELECT u.firstname, u.lastname, u.email, COALESCE(la.timeaccess, 0) AS lastaccess
FROM user_enrolments ue
JOIN enrol e ON e.id = ue.enrolid
JOIN "user" u ON u.id = ue.userid
LEFT JOIN user_lastaccess la ON la.userid = u.id AND la.courseid = e.courseid
WHERE e.courseid = %%COURSEID%%
ORDER BY u.lastname, u.firstname`,
          },
        ]
      : []),
  ];
  await db
    .insertInto('block_configurable_reports')
    // Every row names every column: a multi-row insert on SQLite fills a missing one with NULL, not its default.
    .values(reports.map((r) => ({ schedule: 'none', nextrun: 0, ...r, usermodified: adminId, timecreated: t, timemodified: t })))
    .execute();
}
