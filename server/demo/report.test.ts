import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { generateDemoData } from './generate';

type Session = { cookie: string; sesskey: string };
type Listed = { id: number; name: string; courseid: number };
type Run = { error: boolean; data?: { error?: string; columns: string[]; data: unknown[][] } };

describe.each(testDialects)('demo reports on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    // On disk, with the server's own database address, so reports run on their read-only connection as on a real site.
    site = await createTestSite(dialect, [], false, { onDisk: true });
    if (dialect === 'postgres') site.platform.config.databaseUrl = site.database.processUrl();
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 60_000);
  afterAll(() => site.close());

  const sessionOf = async (username: string) => site.sessionFor((await site.platform.db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
  const list = async (session: Session, courseid: number) => {
    const { json } = await site.ajax([{ methodname: 'block_configurable_reports_list_reports', args: { courseid } }], session);
    return (json as Array<{ data: { reports: Listed[] } }>)[0]?.data.reports ?? [];
  };
  const run = async (session: Session, id: number) => {
    const { json } = await site.ajax([{ methodname: 'block_configurable_reports_run_report', args: { id, mode: 'client' } }], session);
    return (json as Run[])[0];
  };

  it('lists three site reports for managers and one course report for the teachers of BIO101, and each runs', async () => {
    const course = await site.platform.db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirstOrThrow();
    const manager = await sessionOf('manager1');
    const teacher = await sessionOf('teacher1');
    const student = await sessionOf('student1');

    const siteReports = (await list(manager, 0)).filter((r) => r.courseid === 0);
    expect(siteReports.map((r) => r.name)).toEqual(['Activities per course', 'Course enrolments', 'Logins per day']);
    expect(await list(teacher, 0)).toEqual([]);
    const courseReports = await list(teacher, course.id);
    expect(courseReports.map((r) => r.name)).toEqual(['Biology participants']);
    expect(await list(student, course.id)).toEqual([]);

    for (const report of [...siteReports, ...courseReports]) {
      const answer = await run(report.courseid ? teacher : manager, report.id);
      expect([report.name, answer?.error, answer?.data?.error]).toEqual([report.name, false, undefined]);
      expect([report.name, (answer?.data?.columns.length ?? 0) > 0]).toEqual([report.name, true]);
      // The demo records no log-ins; every other report has rows to show.
      if (report.name !== 'Logins per day') expect([report.name, (answer?.data?.data.length ?? 0) > 0]).toEqual([report.name, true]);
    }
    // The course report lists everyone enrolled in the course, and only them.
    const enrolled = await site.platform.db
      .selectFrom('user_enrolments as ue')
      .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.courseid', '=', course.id)
      .executeTakeFirstOrThrow();
    const participants = await run(teacher, courseReports[0]?.id ?? 0);
    expect(participants?.data?.data).toHaveLength(Number(enrolled.n));
  });
});
