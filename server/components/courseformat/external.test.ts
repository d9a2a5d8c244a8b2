import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourseState } from '../../../api/courseformat';
import { getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_INHERIT, CAP_PROHIBIT, CONTEXT_COURSE, CONTEXT_MODULE } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

describe.each(testDialects)('course editing methods on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let outsider: Session;
  let courseid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const teacherId = await site.createUser('editor');
    const studentId = await site.createUser('learner');
    const outsiderId = await site.createUser('outsider');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    outsider = await site.sessionFor(outsiderId);
    courseid = await site.createCourse('Editing course', 'EDIT1');
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
  });
  afterAll(() => site.close());

  async function call<T>(methodname: string, args: unknown, session: Session = teacher): Promise<T> {
    const { json } = await site.ajax([{ methodname, args }], session);
    const [answer] = json as Answer;
    if (!answer || answer.error) throw new Error(`${methodname}: ${answer?.exception?.errorcode ?? 'no answer'}`);
    return answer.data as T;
  }
  async function refusal(methodname: string, args: unknown, session: Session = teacher): Promise<string | undefined> {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer)[0]?.exception?.errorcode;
  }
  const state = (session: Session = teacher) => call<CourseState>('core_courseformat_get_state', { courseid }, session);
  const update = (action: string, extra: Record<string, unknown> = {}) => call<CourseState>('core_courseformat_update_course', { action, courseid, ...extra });
  const layout = (s: CourseState) => s.sections.map((section) => [`S${section.section}`, ...section.modules.map((m) => m.name)]);
  const addPage = (section: number, name: string, content = '<p>Hello</p>') =>
    call<{ cmid: number; instance: number }>('mod_page_add_instance', { courseid, section, name, intro: '', content });

  /** Every test starts from sections 0–2 with no modules. */
  beforeEach(async () => {
    const current = await state();
    const cms = current.sections.flatMap((s) => s.modules.map((m) => m.id));
    if (cms.length) await update('cm_delete', { ids: cms });
    const extra = current.sections.filter((s) => s.section > 2).map((s) => s.id);
    if (extra.length) await update('section_delete', { ids: extra });
  });

  it('tells a teacher they may edit and offers the module types; a student may not', async () => {
    const mine = await state();
    expect(mine.canedit).toBe(true);
    expect(mine.modtypes.map((m) => [m.modname, m.name])).toEqual([
      ['assign', 'Assignment'],
      ['feedback', 'Feedback'],
      ['lti', 'External tool'],
      ['page', 'Page'],
      ['quiz', 'Quiz'],
      ['url', 'URL'],
    ]);
    // The course menu links the gradebook: the course grades for staff, one's own for a student.
    expect(mine.can).toMatchObject({ viewallgrades: true, viewowngrades: true });
    const theirs = await state(student);
    expect(theirs.canedit).toBe(false);
    expect(theirs.modtypes).toEqual([]);
    expect(theirs.can).toMatchObject({ viewallgrades: false, viewowngrades: true });
    expect(await refusal('core_courseformat_get_state', { courseid }, outsider)).toBe('requireloginerror');
  });

  it('adds a section at the end and one after a given section, renaming and resetting names', async () => {
    let s = await update('section_add');
    expect(s.sections.map((x) => x.name)).toEqual(['General', 'Topic 1', 'Week two', 'Topic 3']);
    const first = s.sections[1]?.id;
    s = await update('section_add', { targetsectionid: first });
    expect(s.sections.map((x) => x.section)).toEqual([0, 1, 2, 3, 4]);
    expect(s.sections.map((x) => x.name)).toEqual(['General', 'Topic 1', 'Topic 2', 'Week two', 'Topic 4']);
    const added = s.sections[2]?.id;
    s = await call<CourseState>('core_courseformat_rename', { type: 'section', id: added, name: '  Labs <b>now</b> ' });
    expect(s.sections[2]?.name).toBe('Labs now');
    expect(s.sections[2]?.rawname).toBe('Labs <b>now</b>');
    s = await call<CourseState>('core_courseformat_rename', { type: 'section', id: added, name: '' });
    expect(s.sections[2]?.name).toBe('Topic 2');
  });

  it('moves sections after a target and never moves section 0', async () => {
    await update('section_add');
    let s = await state();
    const [general, one, two, three] = s.sections.map((x) => x.id);
    s = await update('section_move_after', { ids: [one], targetsectionid: three });
    expect(s.sections.map((x) => x.id)).toEqual([general, two, three, one]);
    expect(s.sections.map((x) => x.section)).toEqual([0, 1, 2, 3]);
    s = await update('section_move_after', { ids: [one], targetsectionid: general });
    expect(s.sections.map((x) => x.id)).toEqual([general, one, two, three]);
    expect(await refusal('core_courseformat_update_course', { action: 'section_move_after', courseid, ids: [general], targetsectionid: three })).toBe('invalidparameter');
    expect(await refusal('core_courseformat_update_course', { action: 'section_move_after', courseid, ids: [one], targetsectionid: one })).toBe('invalidparameter');
    expect(await refusal('core_courseformat_update_course', { action: 'section_move_after', courseid, ids: [one] })).toBe('invalidparameter');
    expect((await state()).sections.map((x) => x.id)).toEqual([general, one, two, three]);
  });

  it('hides and shows sections: students no longer see a hidden one', async () => {
    const s = await state();
    const two = s.sections[2]?.id;
    expect((await update('section_hide', { ids: [two] })).sections[2]?.visible).toBe(0);
    expect((await state(student)).sections.map((x) => x.id)).not.toContain(two);
    expect((await update('section_show', { ids: [two] })).sections[2]?.visible).toBe(1);
    expect(await refusal('core_courseformat_update_course', { action: 'section_hide', courseid, ids: [s.sections[0]?.id] })).toBe('invalidparameter');
  });

  it('deletes a section with its activities and renumbers the rest; refuses section 0', async () => {
    const before = await state();
    const [general, one, two] = before.sections.map((x) => x.id);
    const { cmid } = await addPage(1, 'Doomed page');
    const s = await update('section_delete', { ids: [one] });
    expect(s.sections.map((x) => [x.id, x.section])).toEqual([
      [general, 0],
      [two, 1],
    ]);
    expect(await site.platform.db.selectFrom('course_modules').select('id').where('id', '=', cmid).executeTakeFirst()).toBeUndefined();
    expect(await site.platform.db.selectFrom('page').select('id').where('name', '=', 'Doomed page').executeTakeFirst()).toBeUndefined();
    expect(await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 70).where('instanceid', '=', cmid).executeTakeFirst()).toBeUndefined();
    expect(await refusal('core_courseformat_update_course', { action: 'section_delete', courseid, ids: [general] })).toBe('invalidparameter');
    // Section 0 in the list refuses the whole call: the other section stays.
    expect(await refusal('core_courseformat_update_course', { action: 'section_delete', courseid, ids: [two, general] })).toBe('invalidparameter');
    expect((await state()).sections.map((x) => x.id)).toEqual([general, two]);
    await update('section_add');
  });

  it('adds pages and moves, hides, renames and deletes modules in order', async () => {
    const a = await addPage(1, 'Page A');
    const b = await addPage(1, 'Page B');
    const c = await addPage(2, 'Page C');
    const created = await site.platform.db
      .selectFrom('logstore_standard_log')
      .select(['eventname', 'courseid'])
      .where('objecttable', '=', 'course_modules')
      .where('objectid', '=', c.cmid)
      .where('crud', '=', 'c')
      .executeTakeFirst();
    expect(created).toEqual({ eventname: '\\core\\event\\course_module_created', courseid });
    let s = await state();
    expect(layout(s)).toEqual([['S0'], ['S1', 'Page A', 'Page B'], ['S2', 'Page C']]);
    const [general, one, two] = s.sections.map((x) => x.id);
    s = await update('cm_move', { ids: [b.cmid], targetcmid: a.cmid });
    expect(layout(s)[1]).toEqual(['S1', 'Page B', 'Page A']);
    s = await update('cm_move', { ids: [a.cmid], targetsectionid: two });
    expect(layout(s)).toEqual([['S0'], ['S1', 'Page B'], ['S2', 'Page C', 'Page A']]);
    s = await update('cm_move', { ids: [a.cmid, b.cmid], targetsectionid: general });
    expect(layout(s)).toEqual([['S0', 'Page A', 'Page B'], ['S1'], ['S2', 'Page C']]);
    s = await update('cm_move', { ids: [c.cmid], targetcmid: b.cmid });
    expect(layout(s)[0]).toEqual(['S0', 'Page A', 'Page C', 'Page B']);
    expect(s.sections[1]?.id).toBe(one);

    s = await update('cm_hide', { ids: [c.cmid] });
    expect(s.sections[0]?.modules.find((m) => m.id === c.cmid)?.visible).toBe(0);
    expect((await state(student)).sections[0]?.modules.map((m) => m.name)).toEqual(['Page A', 'Page B']);
    s = await update('cm_show', { ids: [c.cmid] });
    expect(s.sections[0]?.modules.find((m) => m.id === c.cmid)?.visible).toBe(1);

    s = await call<CourseState>('core_courseformat_rename', { type: 'cm', id: a.cmid, name: 'Renamed A' });
    expect(layout(s)[0]).toEqual(['S0', 'Renamed A', 'Page C', 'Page B']);
    expect(await refusal('core_courseformat_rename', { type: 'cm', id: a.cmid, name: '   ' })).toBe('invalidparameter');

    s = await update('cm_delete', { ids: [c.cmid] });
    expect(layout(s)[0]).toEqual(['S0', 'Renamed A', 'Page B']);
    const contents = await call<Array<{ modules: Array<{ name: string; url?: string }> }>>('core_course_get_contents', { courseid }, student);
    expect(contents[0]?.modules.map((m) => m.name)).toEqual(['Renamed A', 'Page B']);
    expect(contents[0]?.modules[0]?.url).toMatch(new RegExp(`/mod/page/view\\.php\\?id=${a.cmid}$`));
  });

  it('keeps both of two moves made at the same time', async () => {
    const pages = [];
    for (const name of ['P1', 'P2', 'P3', 'P4']) pages.push(await addPage(1, name));
    const two = (await state()).sections[2]?.id;
    const [p1, , p3] = pages;
    await Promise.all([
      update('cm_move', { ids: [p1?.cmid], targetsectionid: two }),
      update('cm_move', { ids: [p3?.cmid], targetsectionid: two }),
      addPage(1, 'P5'),
    ]);
    const s = await state();
    expect(layout(s)[1]).toEqual(['S1', 'P2', 'P4', 'P5']);
    expect([...(layout(s)[2] ?? [])].sort()).toEqual(['P1', 'P3', 'S2']);
  });

  it('refuses bad module ids and targets without changing anything', async () => {
    const a = await addPage(1, 'Page A');
    const other = await site.createCourse('Other course', 'OTHER1');
    const before = layout(await state());
    const bad = [
      { action: 'cm_move', ids: [a.cmid], targetsectionid: 999999 },
      { action: 'cm_move', ids: [a.cmid, 999999], targetsectionid: (await state()).sections[2]?.id },
      { action: 'cm_move', ids: [a.cmid], targetcmid: a.cmid },
      { action: 'cm_move', ids: [a.cmid] },
      { action: 'cm_hide', ids: [] },
      { action: 'cm_delete', ids: [a.cmid, 424242] },
      { action: 'section_delete', ids: [999999] },
      { action: 'section_hide', ids: ['x'] },
      { action: 'explode', ids: [a.cmid] },
    ];
    for (const args of bad) expect(await refusal('core_courseformat_update_course', { courseid, ...args }), JSON.stringify(args)).toBe('invalidparameter');
    // A module of this course named with another course's id is not found there.
    expect(await refusal('core_courseformat_update_course', { action: 'cm_delete', courseid: other, ids: [a.cmid] })).toBe('requireloginerror');
    expect(layout(await state())).toEqual(before);
  });

  it('refuses every change to a student with nopermissions', async () => {
    const a = await addPage(1, 'Page A');
    const s = await state();
    const sectionid = s.sections[1]?.id;
    for (const [action, ids] of [
      ['section_add', []],
      ['section_delete', [sectionid]],
      ['section_hide', [sectionid]],
      ['section_show', [sectionid]],
      ['section_move_after', [sectionid]],
      ['cm_hide', [a.cmid]],
      ['cm_show', [a.cmid]],
      ['cm_delete', [a.cmid]],
      ['cm_move', [a.cmid]],
    ] as const) {
      expect(await refusal('core_courseformat_update_course', { action, courseid, ids, targetsectionid: s.sections[0]?.id }, student), action).toBe('nopermissions');
    }
    expect(await refusal('core_courseformat_rename', { type: 'section', id: sectionid, name: 'Mine' }, student)).toBe('nopermissions');
    expect(await refusal('core_courseformat_rename', { type: 'cm', id: a.cmid, name: 'Mine' }, student)).toBe('nopermissions');
    expect(await refusal('mod_page_add_instance', { courseid, section: 1, name: 'Mine', content: '' }, student)).toBe('nopermissions');
    expect(await refusal('mod_url_add_instance', { courseid, section: 1, name: 'Mine', externalurl: 'https://example.org/' }, student)).toBe('nopermissions');
    expect(await refusal('mod_page_update_instance', { cmid: a.cmid, name: 'Mine', content: '' }, student)).toBe('nopermissions');
    expect(layout(await state())).toEqual(layout(s));
  });

  it('reads pages with their content cleaned, and updates them', async () => {
    const a = await addPage(2, 'Cells <i>page</i>', '<p>Mitochondria</p><script>alert(1)</script>');
    const { pages, warnings } = await call<{ pages: Array<{ coursemodule: number; name: string; content: string; section: number }>; warnings: unknown[] }>(
      'mod_page_get_pages_by_courses',
      { courseids: [courseid] },
      student,
    );
    expect(warnings).toEqual([]);
    expect(pages.map((p) => [p.coursemodule, p.name, p.section])).toEqual([[a.cmid, 'Cells page', 2]]);
    expect(pages[0]?.content).toContain('<p>Mitochondria</p>');
    expect(pages[0]?.content).not.toContain('script');
    const mine = await call<{ pages: unknown[] }>('mod_page_get_pages_by_courses', {}, student);
    expect(mine.pages).toHaveLength(1);
    const refused = await call<{ pages: unknown[]; warnings: Array<{ itemid: number }> }>('mod_page_get_pages_by_courses', { courseids: [courseid] }, outsider);
    expect(refused.pages).toEqual([]);
    expect(refused.warnings.map((w) => w.itemid)).toEqual([courseid]);

    await call('mod_page_update_instance', { cmid: a.cmid, name: 'Cells', intro: 'About cells', content: '<p>Ribosomes</p>' });
    const after = await call<{ pages: Array<{ name: string; intro: string; content: string }> }>('mod_page_get_pages_by_courses', { courseids: [courseid] }, student);
    expect(after.pages[0]).toMatchObject({ name: 'Cells', intro: 'About cells', content: '<p>Ribosomes</p>' });

    await update('cm_hide', { ids: [a.cmid] });
    expect((await call<{ pages: unknown[] }>('mod_page_get_pages_by_courses', { courseids: [courseid] }, student)).pages).toEqual([]);
    expect(await refusal('core_courseformat_get_module', { cmid: a.cmid }, student)).toBe('activityiscurrentlyhidden');
    expect(await call<{ name: string; courseid: number; modname: string }>('core_courseformat_get_module', { cmid: a.cmid })).toMatchObject({ name: 'Cells', courseid, modname: 'page' });
  });

  it('refuses a page without a name or in a missing section', async () => {
    const before = layout(await state());
    expect(await refusal('mod_page_add_instance', { courseid, section: 1, name: '  ', content: '' })).toBe('invalidparameter');
    expect(await refusal('mod_page_add_instance', { courseid, section: 42, name: 'Lost', content: '' })).toBe('invalidparameter');
    expect(await site.platform.db.selectFrom('page').select('id').where('name', '=', 'Lost').executeTakeFirst()).toBeUndefined();
    expect(layout(await state())).toEqual(before);
  });

  it('adds URL resources with http(s) addresses only', async () => {
    const { cmid } = await call<{ cmid: number }>('mod_url_add_instance', { courseid, section: 1, name: 'Cell atlas', intro: '', externalurl: 'https://example.org/atlas?x=1' });
    for (const externalurl of ['javascript:alert(1)', 'ftp://example.org/', '/relative', 'not a url']) {
      expect(await refusal('mod_url_add_instance', { courseid, section: 1, name: 'Bad', externalurl }), externalurl).toBe('invalidparameter');
    }
    const { urls } = await call<{ urls: Array<{ coursemodule: number; name: string; externalurl: string }> }>('mod_url_get_urls_by_courses', { courseids: [courseid] }, student);
    expect(urls.map((u) => [u.coursemodule, u.name, u.externalurl])).toEqual([[cmid, 'Cell atlas', 'https://example.org/atlas?x=1']]);
    expect(await refusal('mod_url_update_instance', { cmid, name: 'Cell atlas', externalurl: 'data:text/html,hi' })).toBe('invalidparameter');
    await call('mod_url_update_instance', { cmid, name: 'Atlas', externalurl: 'http://example.org/' });
    expect(layout(await state())[1]).toEqual(['S1', 'Atlas']);
    expect(await refusal('mod_url_update_instance', { cmid, name: 'Atlas', externalurl: 'http://example.org/' }, student)).toBe('nopermissions');
  });

  it('guards the view pages: course access, and hidden modules only for those who may see them', async () => {
    const page = await addPage(1, 'Guarded');
    const get = (url: string, session: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: session.cookie } });
    expect((await get(`/mod/page/view.php?id=${page.cmid}`, student)).statusCode).toBe(200);
    expect((await get(`/mod/page/view.php?id=${page.cmid}`, outsider)).statusCode).toBe(403);
    expect((await get(`/mod/url/view.php?id=${page.cmid}`, student)).statusCode).toBe(404);
    expect((await get('/mod/page/view.php?id=abc', student)).statusCode).toBe(400);
    await update('cm_hide', { ids: [page.cmid] });
    expect((await get(`/mod/page/view.php?id=${page.cmid}`, student)).statusCode).toBe(403);
    expect((await get(`/mod/page/view.php?id=${page.cmid}`, teacher)).statusCode).toBe(200);
  });

  /** Sets the editing teacher role's permission for `capability` in a context, for the rest of `work`. */
  async function withTeacherOverride(contextlevel: number, instanceid: number, capability: string, work: () => Promise<void>) {
    const db = site.platform.db;
    const role = await getRoleByShortname(db, 'editingteacher');
    const context = await db.selectFrom('context').select('id').where('contextlevel', '=', contextlevel).where('instanceid', '=', instanceid).executeTakeFirstOrThrow();
    await setRolePermission(db, role?.id ?? 0, context.id, capability, CAP_PROHIBIT);
    try {
      await work();
    } finally {
      await setRolePermission(db, role?.id ?? 0, context.id, capability, CAP_INHERIT);
    }
  }

  it("checks module capabilities in the module's own context, so an override on one activity counts", async () => {
    const locked = await addPage(1, 'Locked');
    const open = await addPage(1, 'Open');
    await withTeacherOverride(CONTEXT_MODULE, locked.cmid, 'moodle/course:manageactivities', async () => {
      for (const action of ['cm_hide', 'cm_delete', 'cm_move'] as const) {
        expect(await refusal('core_courseformat_update_course', { action, courseid, ids: [locked.cmid], targetsectionid: (await state()).sections[2]?.id }), action).toBe('nopermissions');
      }
      expect(await refusal('core_courseformat_rename', { type: 'cm', id: locked.cmid, name: 'Mine' })).toBe('nopermissions');
      expect(await refusal('mod_page_update_instance', { cmid: locked.cmid, name: 'Mine', content: '' })).toBe('nopermissions');
      expect(await refusal('core_courseformat_get_module_form', { cmid: locked.cmid })).toBe('nopermissions');
      expect(await refusal('core_update_inplace_editable', { component: 'core_courseformat', itemtype: 'activityname', itemid: locked.cmid, value: 'Mine' })).toBe('nopermissions');
      expect(layout(await state())[1]).toEqual(['S1', 'Locked', 'Open']);
      await call('core_courseformat_rename', { type: 'cm', id: open.cmid, name: 'Still open' });
      expect(layout(await update('cm_hide', { ids: [open.cmid] }))[1]).toEqual(['S1', 'Locked', 'Still open']);
    });
    await withTeacherOverride(CONTEXT_MODULE, open.cmid, 'moodle/course:viewhiddenactivities', async () => {
      expect(await refusal('core_courseformat_get_module', { cmid: open.cmid })).toBe('activityiscurrentlyhidden');
      expect(layout(await state())[1]).toEqual(['S1', 'Locked']);
      const { pages } = await call<{ pages: Array<{ coursemodule: number }> }>('mod_page_get_pages_by_courses', { courseids: [courseid] });
      expect(pages.map((p) => p.coursemodule)).toEqual([locked.cmid]);
      const contents = await call<Array<{ modules: Array<{ id: number }> }>>('core_course_get_contents', { courseid });
      expect(contents.flatMap((section) => section.modules.map((m) => m.id))).toEqual([locked.cmid]);
    });
    expect(layout(await state())[1]).toEqual(['S1', 'Locked', 'Still open']);
    expect((await call<{ id: number }>('core_courseformat_get_module', { cmid: open.cmid })).id).toBe(open.cmid);
  });

  it('moves sections only with moodle/course:movesections', async () => {
    const [, one, two] = (await state()).sections.map((x) => x.id);
    await withTeacherOverride(CONTEXT_COURSE, courseid, 'moodle/course:movesections', async () => {
      expect(await refusal('core_courseformat_update_course', { action: 'section_move_after', courseid, ids: [one], targetsectionid: two })).toBe('nopermissions');
      expect((await state()).sections[1]?.id).toBe(one);
    });
    expect((await update('section_move_after', { ids: [one], targetsectionid: two })).sections[2]?.id).toBe(one);
  });
});
