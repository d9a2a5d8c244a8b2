import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_PREFERENCE, SEARCH_MAX_ITEMS, type Carousel, type CourseItem, type ThemeSettings } from '../../../api/theme';
import { ensureModuleContext } from '../../platform/access/contexts';
import { getPreference } from '../../platform/preferences';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok, uploadDraft } from '../assign/fixtures';
import { callAs, type Session } from '../tag/fixtures';
import { SETTING } from './settings';

/** A real (tiny, 2×1) PNG image. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // The checksum is not checked by the server's signature test; zeros keep the fixture short.
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const baseSettings = { slideinterval: 5000, slideright: false, oldnavbar: false, navbarscrollupamount: 250, defaultcolours: 'default', colourswitcher: true };

describe.each(testDialects)('theme_essential on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let learner: Session;
  let teacher: Session;
  let outsider: Session;
  let courseid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    courseid = await site.createCourse('Marine Biology', 'MAR101');
    const learnerId = await site.createUser('learner1');
    const teacherId = await site.createUser('teacher1');
    await site.enrol(learnerId, courseid, 'student');
    await site.enrol(teacherId, courseid, 'editingteacher');
    learner = await site.sessionFor(learnerId);
    teacher = await site.sessionFor(teacherId);
    outsider = await site.sessionFor(await site.createUser('outsider1'));
  });
  afterAll(() => site.close());

  const settings = (session: Session = admin) => ok<ThemeSettings>(site, session, 'theme_essential_get_settings', {});
  const save = (revision: number, changes: Record<string, unknown>) => callAs<ThemeSettings>(site, admin, 'theme_essential_save_settings', { revision, ...baseSettings, slides: [], ...changes });
  const fileRows = async () => site.platform.db.selectFrom('files').select(['itemid', 'filename']).where('component', '=', 'theme_essential').orderBy('itemid').execute();

  /** A page activity in section `section` of the course, listed in the section's sequence as the course page shows it. */
  async function addPage(name: string, section: number, visible = 1): Promise<number> {
    const db = site.platform.db;
    const module = await db.selectFrom('modules').select('id').where('name', '=', 'page').executeTakeFirstOrThrow();
    const page = await db.insertInto('page').values({ course: courseid, name, timemodified: now() }).returning('id').executeTakeFirstOrThrow();
    const row = await db.selectFrom('course_sections').select(['id', 'sequence']).where('course', '=', courseid).where('section', '=', section).executeTakeFirstOrThrow();
    const cm = await db.insertInto('course_modules').values({ course: courseid, module: module.id, instance: page.id, section: row.id, visible }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('course_sections').set({ sequence: row.sequence ? `${row.sequence},${cm.id}` : String(cm.id) }).where('id', '=', row.id).execute();
    await ensureModuleContext(db, cm.id, courseid);
    return cm.id;
  }

  it('answers the carousel with the defaults before anything is set: no slides, 5 s, forwards', async () => {
    expect(await ok<Carousel>(site, learner, 'theme_essential_get_carousel', {})).toEqual({ slides: [], slideinterval: 5000, slideright: false });
    expect(await settings()).toMatchObject({ ...baseSettings, revision: 0, slides: [] });
  });

  it('saves slides with an uploaded image, and serves the image to logged-in users only', async () => {
    const upload = await uploadDraft(site, admin, 0, 'harbour.png', png());
    expect(upload.status).toBe(200);
    const answer = await save(0, {
      slideinterval: 7000,
      slideright: true,
      slides: [
        { id: 0, title: 'Welcome aboard', caption: 'Tides & currents', url: '/my/', image: { action: 'replace', draftitemid: upload.json.itemid } },
        { id: 0, title: 'No picture', caption: '', url: 'https://example.org/reef' },
      ],
    });
    expect(answer.error).toBe(false);
    expect(answer.data?.revision).toBe(1);
    // The draft was moved, not copied.
    const draft = await site.platform.db.selectFrom('files').select('id').where('filearea', '=', 'draft').where('itemid', '=', upload.json.itemid).execute();
    expect(draft).toEqual([]);

    const carousel = await ok<Carousel>(site, learner, 'theme_essential_get_carousel', {});
    expect(carousel.slideinterval).toBe(7000);
    expect(carousel.slideright).toBe(true);
    expect(carousel.slides.map((s) => [s.title, s.caption, s.url])).toEqual([
      ['Welcome aboard', 'Tides & currents', '/my/'],
      ['No picture', '', 'https://example.org/reef'],
    ]);
    expect(carousel.slides[1]?.imageurl).toBe('');
    const imageurl = carousel.slides[0]?.imageurl ?? '';
    expect(imageurl).toMatch(/\/theme\/essential\/slideimage\.php\?slide=1&rev=[0-9a-f]{16}$/);

    const path = imageurl.slice(imageurl.indexOf('/theme/'));
    const image = await site.app.inject({ method: 'GET', url: path, headers: { cookie: learner.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png())).toBe(true);
    expect((await site.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await site.app.inject({ method: 'GET', url: '/theme/essential/slideimage.php?slide=2', headers: { cookie: learner.cookie } })).statusCode).toBe(404);
  });

  it('keeps the settings to site administrators and changes nothing for anyone else', async () => {
    const before = await settings();
    for (const session of [learner, teacher]) {
      expect((await callAs(site, session, 'theme_essential_get_settings', {})).exception?.errorcode).toBe('nopermissions');
      const refused = await callAs(site, session, 'theme_essential_save_settings', { revision: before.revision, ...baseSettings, slides: [] });
      expect(refused.exception?.errorcode).toBe('nopermissions');
    }
    expect(await settings()).toEqual(before);
  });

  it('refuses bad settings and bad images without changing anything', async () => {
    const before = await settings();
    const keep = before.slides.map((s) => ({ id: s.id, title: s.title, caption: s.caption, url: s.url }));
    const refusals = [
      { slideinterval: 999 },
      { slideinterval: 60_001 },
      { navbarscrollupamount: -1 },
      { defaultcolours: 'neon' },
      { slides: [{ id: 0, title: 'x', caption: '', url: 'javascript:alert(1)' }] },
      { slides: [{ id: 0, title: 'x', caption: '', url: '//evil.example/' }] },
      { slides: [{ id: 999, title: 'not a slide', caption: '', url: '' }] },
      { slides: [...keep, keep[0]] },
      { slides: Array.from({ length: 17 }, () => ({ id: 0, title: 'many', caption: '', url: '' })) },
    ];
    for (const changes of refusals) {
      const answer = await save(before.revision, { slides: keep, ...changes });
      expect(answer.exception?.errorcode, JSON.stringify(changes)).toBe('invalidparameter');
    }
    const text = await uploadDraft(site, admin, 0, 'notes.png', Buffer.from('this is not an image'));
    const notImage = await save(before.revision, { slides: [...keep, { id: 0, title: 'Fake', caption: '', url: '', image: { action: 'replace', draftitemid: text.json.itemid } }] });
    expect(notImage.exception?.errorcode).toBe('slideimagenotimage');
    expect(notImage.exception?.fielderrors).toEqual([{ field: 'slides.2.image', message: 'This file is not a PNG, JPEG, GIF or WebP image.' }]);
    const missing = await save(before.revision, { slides: [{ ...keep[0], image: { action: 'replace', draftitemid: 123_456 } }] });
    expect(missing.exception?.errorcode).toBe('slideimagemissing');
    expect(await settings()).toEqual(before);
  });

  it('refuses a save based on an older revision, and lets exactly one of two racing saves win', async () => {
    const before = await settings();
    const keep = before.slides.map((s) => ({ id: s.id, title: s.title, caption: s.caption, url: s.url }));
    const stale = await save(before.revision - 1, { slides: keep });
    expect(stale.exception?.errorcode).toBe('settingschanged');
    const [a, b] = await Promise.all([save(before.revision, { slides: keep, slideinterval: 8000 }), save(before.revision, { slides: keep, slideinterval: 9000 })]);
    const outcomes = [a, b].map((x) => (x.error ? x.exception?.errorcode : 'saved')).sort();
    expect(outcomes).toEqual(['saved', 'settingschanged']);
    const after = await settings();
    expect(after.revision).toBe(before.revision + 1);
    expect([8000, 9000]).toContain(after.slideinterval);
  });

  it('reorders slides keeping their images, and deletes a removed slide with its image', async () => {
    const before = await settings();
    const [first, second] = before.slides;
    if (!first || !second) throw new Error('two slides expected');
    const swapped = await save(before.revision, {
      slides: [
        { id: second.id, title: second.title, caption: second.caption, url: second.url },
        { id: first.id, title: first.title, caption: first.caption, url: first.url },
      ],
    });
    expect(swapped.data?.slides.map((s) => [s.id, s.imagename])).toEqual([
      [second.id, ''],
      [first.id, 'harbour.png'],
    ]);
    const removed = await save(before.revision + 1, { slides: [{ id: second.id, title: 'Only one', caption: '', url: '' }] });
    expect(removed.data?.slides.map((s) => s.title)).toEqual(['Only one']);
    expect(await fileRows()).toEqual([]);
    // A new slide never takes the id (and so the image) of a slide removed in the same save.
    const upload = await uploadDraft(site, admin, 0, 'lagoon.png', png());
    const replaced = await save(before.revision + 2, { slides: [{ id: 0, title: 'Fresh', caption: '', url: '', image: { action: 'replace', draftitemid: upload.json.itemid } }] });
    expect(replaced.data?.slides.map((s) => [s.title, s.imagename])).toEqual([['Fresh', 'lagoon.png']]);
    expect((await fileRows()).map((f) => f.filename)).toEqual(['lagoon.png']);
    const cleared = await save(before.revision + 3, { slides: [{ id: replaced.data?.slides[0]?.id ?? 0, title: 'Fresh', caption: '', url: '', image: { action: 'remove' } }] });
    expect(cleared.data?.slides[0]?.imageurl).toBe('');
    expect(await fileRows()).toEqual([]);
  });

  it("saves a person's colour scheme and writes it on <html> of every page they open", async () => {
    const page = async (session: Session | null, url = '/my/') => (await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } })).body;
    expect(await page(learner)).toMatch(/<html[^>]* data-scheme="default"/);
    expect(await ok(site, learner, 'theme_essential_set_colour_scheme', { scheme: 'alternative3' })).toEqual({ scheme: 'alternative3' });
    const learnerId = (await site.platform.db.selectFrom('user').select('id').where('username', '=', 'learner1').executeTakeFirstOrThrow()).id;
    expect(await getPreference(site.platform.db, learnerId, COLOUR_PREFERENCE)).toBe('alternative3');
    const html = await page(learner);
    expect(html).toMatch(/<html[^>]* data-scheme="alternative3"/);
    expect(html).toMatch(/<html[^>]* data-navbar="fixed" data-navbar-scrollup="250"/);
    expect(await page(learner, '/index.php')).toMatch(/<html[^>]* data-scheme="alternative3"/);
    expect(await page(teacher)).toMatch(/<html[^>]* data-scheme="default"/);
    expect((await callAs(site, learner, 'theme_essential_set_colour_scheme', { scheme: 'neon' })).exception?.errorcode).toBe('invalidparameter');
    // The login page has no user: the site's default.
    expect(await page(null, '/login/index.php')).toMatch(/<html[^>]* data-scheme="default"/);
  });

  it('shows the site default and refuses choices while the colour switcher is off; the static navbar is written too', async () => {
    const before = await settings();
    const keep = before.slides.map((s) => ({ id: s.id, title: s.title, caption: s.caption, url: s.url }));
    expect((await save(before.revision, { slides: keep, colourswitcher: false, defaultcolours: 'alternative4', oldnavbar: true, navbarscrollupamount: 400 })).error).toBe(false);
    const html = (await site.app.inject({ method: 'GET', url: '/my/', headers: { accept: 'text/html', cookie: learner.cookie } })).body;
    expect(html).toMatch(/<html[^>]* data-scheme="alternative4" data-navbar="static" data-navbar-scrollup="400" data-colourswitcher="0"/);
    const refused = await callAs(site, learner, 'theme_essential_set_colour_scheme', { scheme: 'alternative1' });
    expect(refused.exception?.errorcode).toBe('colourswitcherdisabled');
    expect((await save(before.revision + 1, { slides: keep })).error).toBe(false);
  });

  it('finds the sections and activities a person can see, by name in any case, at most eight', async () => {
    await addPage('Tide tables', 1);
    await addPage('Secret answers', 1, 0);
    await site.platform.db.updateTable('course_sections').set({ name: 'Deep waters', visible: 0 }).where('course', '=', courseid).where('section', '=', 2).execute();
    await addPage('Deep sea reading', 2);
    const search = (session: Session, term: string) => callAs<{ items: CourseItem[] }>(site, session, 'theme_essential_course_item_search', { courseid, term });

    const tide = await search(learner, 'TIDE');
    expect(tide.data?.items).toEqual([{ id: expect.stringMatching(/\/mod\/page\/view\.php\?id=\d+$/) as string, name: 'Tide tables', type: 'activity', modname: 'page' }]);
    const topic = await search(learner, 'topic');
    expect(topic.data?.items.map((i) => [i.name, i.type])).toEqual([['Topic 1', 'section']]);
    expect(topic.data?.items[0]?.id).toMatch(new RegExp(`/course/view\\.php\\?id=${courseid}#section-\\d+$`));
    // Hidden things: the learner sees neither the hidden activity nor the hidden section and its activities.
    expect((await search(learner, 'secret')).data?.items).toEqual([]);
    expect((await search(learner, 'deep')).data?.items).toEqual([]);
    expect((await search(teacher, 'secret')).data?.items.map((i) => i.name)).toEqual(['Secret answers']);
    expect((await search(teacher, 'deep')).data?.items.map((i) => i.name)).toEqual(['Deep waters', 'Deep sea reading']);

    for (let i = 1; i <= 10; i += 1) await addPage(`Quiz practice ${i}`, 1);
    expect((await search(learner, 'practice')).data?.items).toHaveLength(SEARCH_MAX_ITEMS);

    expect((await search(learner, 't')).exception?.errorcode).toBe('invalidparameter');
    expect((await search(outsider, 'tide')).exception?.errorcode).toBe('requireloginerror');
    expect((await callAs(site, null, 'theme_essential_course_item_search', { courseid, term: 'tide' })).error).toBe(true);
  });

  it('serves the front page at / and /index.php to logged-in users, and sends visitors to log in', async () => {
    for (const url of ['/', '/index.php']) {
      const shown = await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: learner.cookie } });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('M.cfg');
      const visitor = await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(visitor.statusCode).toBe(303);
      expect(visitor.headers.location).toBe('/login/index.php');
    }
    // The settings page is for site administrators.
    expect((await site.app.inject({ method: 'GET', url: '/theme/essential/settings.php', headers: { accept: 'text/html', cookie: learner.cookie } })).statusCode).toBe(403);
    expect((await site.app.inject({ method: 'GET', url: '/theme/essential/settings.php', headers: { accept: 'text/html', cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('reads damaged stored settings as the defaults instead of failing every page', async () => {
    const db = site.platform.db;
    const stored = await db.selectFrom('config').select(['name', 'value']).where('name', 'in', [SETTING.slides, SETTING.slideinterval]).execute();
    await db.updateTable('config').set({ value: '{not json' }).where('name', '=', SETTING.slides).execute();
    await db.updateTable('config').set({ value: 'fast' }).where('name', '=', SETTING.slideinterval).execute();
    try {
      expect(await ok<Carousel>(site, learner, 'theme_essential_get_carousel', {})).toEqual({ slides: [], slideinterval: 5000, slideright: false });
    } finally {
      for (const row of stored) await db.updateTable('config').set({ value: row.value }).where('name', '=', row.name).execute();
    }
  });
});
