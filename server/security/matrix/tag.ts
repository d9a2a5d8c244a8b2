import { createPageActivity } from '../../components/tag/fixtures';
import { COURSE_EDITORS, COURSE_STAFF, LOGGED_IN, REAL_USERS, SITE_MANAGERS, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

/** The default tag collection, where the core areas keep their tags. */
function defaultCollection(fx: MatrixFixture): Promise<number> {
  return fx.once('tag:defaultcoll', async () => {
    const row = await fx.site.platform.db.selectFrom('tag_coll').select('id').where('isdefault', '=', 1).executeTakeFirstOrThrow();
    return row.id;
  });
}

async function areaId(fx: MatrixFixture, itemtype: 'course' | 'course_modules' | 'user'): Promise<number> {
  const row = await fx.site.platform.db.selectFrom('tag_area').select('id').where('component', '=', 'core').where('itemtype', '=', itemtype).executeTakeFirstOrThrow();
  return row.id;
}

/** A new standard tag in the default collection (standard, so nothing deletes it behind our back). */
async function freshTag(fx: MatrixFixture, prefix: string): Promise<number> {
  const name = `${prefix}${fx.unique()}`;
  await fx.admin('core_tag_add_standard_tags', { tc: await defaultCollection(fx), tagslist: name });
  const row = await fx.site.platform.db.selectFrom('tag').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

async function freshCollection(fx: MatrixFixture): Promise<number> {
  const { id } = await fx.admin<{ id: number }>('core_tag_create_collection', { name: `Matrix collection ${fx.unique()}` });
  return id;
}

/**
 * The tag index world: "matrixindex" on a visible and on a hidden course of the category Matrix
 * (not MX101, whose tags core_tag_set_item_tags keeps replacing).
 */
function indexedCourses(fx: MatrixFixture): Promise<void> {
  return fx.once('tag:indexedcourses', async () => {
    const [visible, hidden] = await fx.admin<Array<{ id: number }>>('core_course_create_courses', {
      courses: [
        { fullname: 'Matrix tagged visible', shortname: 'MXTAGVIS', categoryid: fx.categoryid },
        { fullname: 'Matrix tagged hidden', shortname: 'MXTAGHID', categoryid: fx.categoryid, visible: 0 },
      ],
    });
    for (const course of [visible, hidden]) {
      await fx.admin('core_tag_set_item_tags', { component: 'core', itemtype: 'course', itemid: course!.id, tags: ['matrixindex'] });
    }
  });
}

/** A hidden page activity in MX101 tagged "matrixsecret": only those who see hidden activities may read its tags. */
function hiddenActivity(fx: MatrixFixture): Promise<number> {
  return fx.once('tag:hiddenactivity', async () => {
    const cmid = await createPageActivity(fx.site, fx.courseid, 'Matrix hidden page');
    await fx.admin('core_tag_set_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid, tags: ['matrixsecret'] });
    await fx.site.platform.db.updateTable('course_modules').set({ visible: 0 }).where('id', '=', cmid).execute();
    return cmid;
  });
}

/** The tag core_tag_update_tags was last asked to rename, so its check can see what became of it. */
let updatedTag = { id: 0, rawname: '' };

type Warnings = { warnings: Array<{ warningcode: string }> };
type TagNames = { tags: Array<{ name: string }> };

const managers = (role: MatrixRole) => SITE_MANAGERS.includes(role);

export const tagDeclarations: PermissionDeclarations = {
  core_tag_get_tagindex: {
    allowed: LOGGED_IN,
    why: "Moodle's tag index page is open to every logged-in user, guests included; what it lists is filtered by visibility.",
    args: async (fx) => {
      await indexedCourses(fx);
      return { tagindex: { tag: 'matrixindex', tc: String(await defaultCollection(fx)), ta: String(await areaId(fx, 'course')), excl: '1' } };
    },
    check: (data, role) => {
      const { content } = data as { content: string };
      if (!content.includes('Matrix tagged visible')) return 'the visible tagged course is not listed';
      const seesHidden = content.includes('Matrix tagged hidden');
      if (seesHidden !== managers(role)) return seesHidden ? 'the hidden course is listed' : 'the hidden course is not listed for a role that sees hidden courses';
      return null;
    },
  },
  core_tag_get_tag: {
    allowed: LOGGED_IN,
    why: 'A tag and its description are public to logged-in users (guests too) on the tag index page; canmanage and canflag follow moodle/tag:manage and moodle/tag:flag.',
    args: async (fx) => {
      await indexedCourses(fx);
      return { tag: 'matrixindex', tc: 0 };
    },
    check: (data, role) => {
      const answer = data as { canmanage: boolean; canflag: boolean; areas: unknown[] };
      if (answer.canmanage !== managers(role)) return `canmanage is ${answer.canmanage}`;
      if (answer.canflag !== REAL_USERS.includes(role)) return `canflag is ${answer.canflag}`;
      return answer.areas.length > 0 ? null : 'no areas listed';
    },
  },
  core_tag_update_tags: {
    allowed: LOGGED_IN,
    why: "Like Moodle, the call answers every logged-in user: fields the caller may not change (name: moodle/tag:manage, description: moodle/tag:edit) are dropped and reported as the warning nothingtoupdate; the check makes sure nothing changed for them.",
    args: async (fx) => {
      const id = await freshTag(fx, 'mxupdate');
      updatedTag = { id, rawname: `Matrix renamed ${fx.unique()}` };
      return { tags: [{ id, rawname: updatedTag.rawname, description: 'Renamed by the matrix' }] };
    },
    check: async (data, role, fx) => {
      const { warnings } = data as Warnings;
      const tag = await fx.site.platform.db.selectFrom('tag').select(['rawname', 'description']).where('id', '=', updatedTag.id).executeTakeFirstOrThrow();
      if (managers(role)) {
        if (warnings.length) return `warnings ${warnings.map((w) => w.warningcode).join(', ')}`;
        return tag.rawname === updatedTag.rawname && tag.description === 'Renamed by the matrix' ? null : 'the tag was not changed';
      }
      if (warnings[0]?.warningcode !== 'nothingtoupdate') return 'no nothingtoupdate warning';
      return tag.rawname === updatedTag.rawname || tag.description !== '' ? 'the tag was changed' : null;
    },
  },
  core_tag_list_tags: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tc: await defaultCollection(fx) }),
  },
  core_tag_get_collections_and_areas: {
    allowed: SITE_MANAGERS,
    args: () => ({}),
  },
  core_tag_get_item_tags: {
    allowed: COURSE_STAFF,
    why: 'The tags of a hidden activity in MX101 are read only by those who see hidden activities there (moodle/course:viewhiddenactivities: teachers, managers).',
    args: async (fx) => ({ component: 'core', itemtype: 'course_modules', itemid: await hiddenActivity(fx) }),
    check: (data, role) => {
      const answer = data as TagNames & { canedit: boolean };
      if (!answer.tags.some((t) => t.name === 'matrixsecret')) return 'the tag of the activity is missing';
      return answer.canedit === COURSE_EDITORS.includes(role) ? null : `canedit is ${answer.canedit}`;
    },
  },
  core_tag_set_item_tags: {
    allowed: COURSE_EDITORS,
    why: "Tagging MX101 needs moodle/course:update in it; the new name becomes a tag through the editor's moodle/tag:create.",
    args: (fx) => ({ component: 'core', itemtype: 'course', itemid: fx.courseid, tags: [`mxset${fx.unique()}`] }),
    check: (data) => ((data as TagNames).tags.length === 1 ? null : 'the new tag was not set'),
  },
  core_tag_search_tags: {
    allowed: LOGGED_IN,
    why: 'Tag names are public on the tag index page, so suggestions are too; cancreate follows moodle/tag:create (every real user, not the guest).',
    args: async (fx) => {
      await indexedCourses(fx);
      return { component: 'core', itemtype: 'course', query: 'matrixind' };
    },
    check: (data, role) => {
      const answer = data as TagNames & { cancreate: boolean };
      if (!answer.tags.some((t) => t.name === 'matrixindex')) return 'matrixindex is not suggested';
      return answer.cancreate === REAL_USERS.includes(role) ? null : `cancreate is ${answer.cancreate}`;
    },
  },
  core_tag_delete_tags: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tagids: [await freshTag(fx, 'mxdelete')] }),
  },
  core_tag_combine_tags: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tagids: [await freshTag(fx, 'mxcombine'), await freshTag(fx, 'mxcombine')] }),
  },
  core_tag_rename_combine: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tagid: await freshTag(fx, 'mxrename'), newname: `mxrenamed${fx.unique()}` }),
  },
  core_tag_add_standard_tags: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tc: await defaultCollection(fx), tagslist: `mxstandard${fx.unique()}, mxstandard${fx.unique()}` }),
  },
  core_tag_create_collection: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ name: `Matrix collection ${fx.unique()}` }),
  },
  core_tag_delete_collection: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ tcid: await freshCollection(fx) }),
  },
  core_tag_move_collection: {
    allowed: SITE_MANAGERS,
    // A fresh collection is last; with the earlier ones before it, moving it up always swaps.
    args: async (fx) => {
      await fx.once('tag:firstcollection', () => freshCollection(fx));
      return { tcid: await freshCollection(fx), direction: 'up' };
    },
  },
  core_tag_update_area: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ taid: await areaId(fx, 'course_modules'), showstandard: 0 }),
  },
  core_tag_flag_tag: {
    allowed: REAL_USERS,
    why: 'moodle/tag:flag belongs to the authenticated-user archetype, which the guest does not hold.',
    args: async (fx) => ({ tagid: await fx.once('tag:flagged', () => freshTag(fx, 'mxflag')) }),
  },
};
