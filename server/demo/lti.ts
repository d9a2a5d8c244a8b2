import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { now, type Platform } from '../platform/platform';
import { loadUser, randomToken } from '../platform/session';
import { addModule } from '../components/courseformat/cms';
import type { CallContext } from '../ws/method';

/**
 * External tools for the demo: a configured LTI 1.1 tool, a pending one that asks for user data (so
 * the agreement panel shows), and a pending LTI 2 registration, so the tool administration page shows
 * every card state; and an external tool activity in BIO101's last section that uses the configured tool.
 */
export async function addDemoLti(platform: Platform, db: Kysely<DB>): Promise<void> {
  const t = now();
  const admin = await db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const common = { course: 1, coursevisible: 1, createdby: admin?.id ?? 0, timecreated: t, timemodified: t, servicesalt: randomToken(16).slice(0, 20) };
  const configured = await db
    .insertInto('lti_types')
    .values({
      ...common,
      name: 'Virtual Microscope',
      description: 'Explore prepared slides of cells and tissues at up to 1000× magnification.',
      baseurl: 'https://microscope.example.org/lti/launch',
      tooldomain: 'microscope.example.org',
      ltiversion: 'LTI-1p0',
      state: 1,
      resourcekey: 'tessera-demo',
      password: randomToken(12),
      parameter: 'slide_set=biology',
      launchcontainer: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('lti_types')
    .values({
      ...common,
      name: 'Lab Notebook',
      description: 'A shared notebook for recording experiments and results.',
      baseurl: 'https://notebook.example.org/launch',
      tooldomain: 'notebook.example.org',
      ltiversion: 'LTI-1p0',
      state: 2,
      parameter: 'student=$User.id\nname=$Person.name.full\ncourse=$CourseSection.title',
      launchcontainer: 4,
    })
    .execute();
  await db
    .insertInto('lti_tool_proxies')
    .values({ name: 'Chemistry Simulations', regurl: 'https://simulations.example.org/register', state: 2, guid: randomToken(12).slice(0, 15), secret: randomToken(12).slice(0, 15), capabilityoffered: 'basic-lti-launch-request\nUser.id', createdby: admin?.id ?? 0, timecreated: t, timemodified: t })
    .execute();

  const course = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const teacherRow = await db.selectFrom('user').select('id').where('username', '=', 'teacher1').executeTakeFirst();
  const teacher = teacherRow ? await loadUser(db, teacherRow.id) : null;
  if (!course || !teacher) return;
  const ctx: CallContext = { platform, db, user: teacher, session: null, access: createAccess(db, teacher.id), lang: 'en', ip: '127.0.0.1' };
  await addModule(ctx, course.id, 4, 'lti', async (trx) => {
    const row = await trx
      .insertInto('lti')
      .values({ course: course.id, name: 'Virtual microscope: cell slides', intro: '<p>Find a plant cell and an animal cell and note three differences.</p>', typeid: configured.id, launchcontainer: 1, timecreated: t, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
