import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseState } from '../../api/courseformat';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import type { ComponentDefinition } from './component';
import { AppError } from './errors';
import { exportInplace, inplaceSelect, inplaceText, inplaceToggle, type InplaceElement } from './inplace';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

const base = { component: 'local_demo', itemtype: 'thing', itemid: 7, editable: true, displayvalue: 'Seven' };

describe('in-place element builders', () => {
  it('text elements carry the raw value and make a link-free display the whole control', () => {
    const el = inplaceText({ ...base, value: 'seven <raw>', edithint: 'Edit', editlabel: 'New value' });
    expect(el).toMatchObject({ type: 'text', itemid: '7', value: 'seven <raw>', options: '', linkeverything: 1, editable: true });
    expect(inplaceText({ ...base, displayvalue: '<a href="/x">Seven</a>', value: 's' }).linkeverything).toBe(0);
  });

  it('toggles carry the index of the next value, wrapping round', () => {
    expect(inplaceToggle({ ...base, value: 0 }).options).toBe('1');
    expect(inplaceToggle({ ...base, value: 1 }).options).toBe('0');
    expect(inplaceToggle({ ...base, value: 'b', values: ['a', 'b', 'c'] }).options).toBe('2');
    expect(inplaceToggle({ ...base, value: 'c', values: ['a', 'b', 'c'] }).options).toBe('0');
    expect(inplaceToggle({ ...base, displayvalue: '<a href="/x">on</a>', value: 1 }).linkeverything).toBe(1);
  });

  it('selects list their options as JSON, show the chosen label, and need two options to be editable', () => {
    const el = inplaceSelect({ ...base, displayvalue: undefined, value: 2, options: [{ key: 1, value: 'One' }, { key: 2, value: 'Two & more' }] });
    expect(el.displayvalue).toBe('Two &amp; more');
    expect(JSON.parse(el.options)).toEqual([{ key: '1', value: 'One' }, { key: '2', value: 'Two & more' }]);
    expect(el.editable).toBe(true);
    expect(inplaceSelect({ ...base, value: 1, options: [{ key: 1, value: 'One' }] }).editable).toBe(false);
  });

  it('exports only the display value of an item the user may not edit', () => {
    expect(exportInplace(inplaceText({ ...base, editable: false, value: 'x' }))).toEqual({ displayvalue: 'Seven' });
    expect(exportInplace(inplaceText({ ...base, value: 'x' }))).toMatchObject({ component: 'local_demo', itemid: '7', type: 'text' });
  });
});

/** A component whose "thing" echoes what it is given, refuses "forbidden", and whose "broken" answers no element. */
const demoComponent: ComponentDefinition = {
  name: 'local_demo',
  dir: import.meta.dirname,
  inplaceEditable: {
    thing: (_ctx, itemid, value) => Promise.resolve(inplaceText({ ...base, itemid, displayvalue: `Shown ${value}`, value })),
    forbidden: () => Promise.reject(new AppError('nopermissions', { a: 'edit', status: 403 })),
    broken: () => Promise.resolve({ nothing: true } as unknown as InplaceElement),
  },
};

describe.each(testDialects)('core_update_inplace_editable on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let courseid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect, [demoComponent]);
    const teacherId = await site.createUser('inplaceteacher');
    const studentId = await site.createUser('inplacestudent');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    courseid = await site.createCourse('Inplace course', 'INPLACE');
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
  });
  afterAll(() => site.close());

  async function send(args: Record<string, unknown>, session: Session = teacher) {
    const { json } = await site.ajax([{ methodname: 'core_update_inplace_editable', args }], session);
    const [answer] = json as Answer;
    return answer?.error ? { error: answer.exception?.errorcode } : { data: answer?.data };
  }
  async function call<T>(methodname: string, args: unknown, session: Session = teacher): Promise<T> {
    const { json } = await site.ajax([{ methodname, args }], session);
    const [answer] = json as Answer;
    if (!answer || answer.error) throw new Error(`${methodname}: ${answer?.exception?.errorcode ?? 'no answer'}`);
    return answer.data as T;
  }
  const state = () => call<CourseState>('core_courseformat_get_state', { courseid });

  it("dispatches to the component's callback by item type and answers the fresh element", async () => {
    const { data } = await send({ component: 'local_demo', itemtype: 'thing', itemid: '12', value: 'abc' });
    expect(data).toEqual({
      displayvalue: 'Shown abc',
      component: 'local_demo',
      itemtype: 'thing',
      itemid: '12',
      value: 'abc',
      edithint: '',
      editlabel: '',
      type: 'text',
      options: '',
      linkeverything: 1,
    });
  });

  it('answers inplaceeditableerror for an unknown component or item type, or a callback answering no element', async () => {
    expect(await send({ component: 'local_nothere', itemtype: 'thing', itemid: 1, value: 'x' })).toEqual({ error: 'inplaceeditableerror' });
    expect(await send({ component: 'local_demo', itemtype: 'other', itemid: 1, value: 'x' })).toEqual({ error: 'inplaceeditableerror' });
    expect(await send({ component: 'local_demo', itemtype: 'broken', itemid: 1, value: 'x' })).toEqual({ error: 'inplaceeditableerror' });
    expect(await send({ component: 'local_demo', itemtype: 'forbidden', itemid: 1, value: 'x' })).toEqual({ error: 'nopermissions' });
    expect(await send({ component: 'local_demo', itemtype: 'thing', itemid: 'seven', value: 'x' })).toEqual({ error: 'invalidparameter' });
  });

  it('renames a section and an activity on the course page, and an empty section name restores the default', async () => {
    const page = await call<{ cmid: number }>('mod_page_add_instance', { courseid, section: 1, name: 'Page A', intro: '', content: '<p>x</p>' });
    const section = (await state()).sections[1];
    if (!section) throw new Error('no section 1');
    const renamed = await send({ component: 'core_courseformat', itemtype: 'sectionname', itemid: section.id, value: '  Labs <b>now</b> ' });
    expect(renamed.data).toMatchObject({ displayvalue: 'Labs now', value: 'Labs <b>now</b>', type: 'text', itemtype: 'sectionname', itemid: String(section.id) });
    const cleared = await send({ component: 'core_courseformat', itemtype: 'sectionname', itemid: section.id, value: '' });
    expect(cleared.data).toMatchObject({ displayvalue: 'Topic 1', value: '' });
    const activity = await send({ component: 'core_courseformat', itemtype: 'activityname', itemid: page.cmid, value: 'Cells' });
    expect(activity.data).toMatchObject({ displayvalue: 'Cells', value: 'Cells', itemtype: 'activityname' });
    expect((await state()).sections[1]?.modules.map((m) => m.name)).toEqual(['Cells']);
    expect(await send({ component: 'core_courseformat', itemtype: 'activityname', itemid: page.cmid, value: '   ' })).toEqual({ error: 'invalidparameter' });
    expect(await send({ component: 'core_courseformat', itemtype: 'activityname', itemid: page.cmid, value: 'x'.repeat(256) })).toEqual({ error: 'invalidparameter' });
    expect(await send({ component: 'core_courseformat', itemtype: 'activityname', itemid: 999999, value: 'Gone' })).toEqual({ error: 'invalidrecord' });
    expect((await state()).sections[1]?.modules.map((m) => m.name)).toEqual(['Cells']);
  });

  it('refuses a student (nopermissions) and a request without the session key, changing nothing', async () => {
    const page = await call<{ cmid: number }>('mod_page_add_instance', { courseid, section: 2, name: 'Guarded', intro: '', content: '' });
    const section = (await state()).sections[2];
    if (!section) throw new Error('no section 2');
    expect(await send({ component: 'core_courseformat', itemtype: 'sectionname', itemid: section.id, value: 'Mine' }, student)).toEqual({ error: 'nopermissions' });
    expect(await send({ component: 'core_courseformat', itemtype: 'activityname', itemid: page.cmid, value: 'Mine' }, student)).toEqual({ error: 'nopermissions' });
    const wrongKey = { cookie: teacher.cookie, sesskey: 'wrong' };
    const { json } = await site.ajax([{ methodname: 'core_update_inplace_editable', args: { component: 'core_courseformat', itemtype: 'activityname', itemid: page.cmid, value: 'Mine' } }], wrongKey);
    expect(JSON.stringify(json)).toContain('invalidsesskey');
    const after = (await state()).sections[2];
    expect(after?.name).toBe(section.name);
    expect(after?.modules.map((m) => m.name)).toEqual(['Guarded']);
  });
});
