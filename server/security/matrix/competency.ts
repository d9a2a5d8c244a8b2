import { RULE_ALL } from '../../../api/competency';
import { LOGGED_IN, REAL_USERS, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

/** Frameworks live at system level: viewing is for every authenticated user, managing for managers. */
const VIEWERS = REAL_USERS;
const MANAGERS = SITE_MANAGERS;

async function scaleid(fx: MatrixFixture): Promise<number> {
  return fx.once('competency:scale', async () => (await fx.site.platform.db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirstOrThrow()).id);
}

async function systemContextId(fx: MatrixFixture): Promise<number> {
  return fx.once('competency:system', async () => (await fx.site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow()).id);
}

async function frameworkFields(fx: MatrixFixture) {
  const id = await scaleid(fx);
  const n = fx.unique();
  return {
    shortname: `Matrix framework ${n}`,
    idnumber: `MXF${n}`,
    scaleid: id,
    scaleconfiguration: JSON.stringify([{ scaleid: id }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]),
  };
}

/** A fresh framework with a parent P and two children C1, C2, made by the admin. */
async function freshTree(fx: MatrixFixture) {
  const fw = await fx.admin<{ id: number }>('core_competency_create_competency_framework', { competencyframework: { ...(await frameworkFields(fx)), contextlevel: 'system' } });
  const add = (idnumber: string, parentid = 0) => fx.admin<{ id: number }>('core_competency_create_competency', { competency: { competencyframeworkid: fw.id, parentid, shortname: idnumber, idnumber } });
  const p = await add('P');
  const c1 = await add('C1', p.id);
  const c2 = await add('C2', p.id);
  return { frameworkid: fw.id, p: p.id, c1: c1.id, c2: c2.id };
}

/** One tree shared by the read-only declarations. */
const sharedTree = (fx: MatrixFixture) => fx.once('competency:tree', () => freshTree(fx));

export const competencyDeclarations: PermissionDeclarations = {
  core_competency_create_competency_framework: {
    allowed: MANAGERS,
    args: async (fx) => ({ competencyframework: { ...(await frameworkFields(fx)), contextlevel: 'system' } }),
  },
  core_competency_read_competency_framework: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).frameworkid }) },
  core_competency_update_competency_framework: {
    allowed: MANAGERS,
    args: async (fx) => ({ competencyframework: { id: (await freshTree(fx)).frameworkid, ...(await frameworkFields(fx)) } }),
  },
  core_competency_delete_competency_framework: { allowed: MANAGERS, args: async (fx) => ({ id: (await freshTree(fx)).frameworkid }) },
  core_competency_duplicate_competency_framework: { allowed: MANAGERS, args: async (fx) => ({ id: (await sharedTree(fx)).frameworkid }) },
  core_competency_list_competency_frameworks: {
    allowed: VIEWERS,
    args: async (fx) => {
      await sharedTree(fx);
      return { context: { contextid: await systemContextId(fx) } };
    },
  },
  core_competency_count_competency_frameworks: { allowed: VIEWERS, args: async (fx) => ({ context: { contextid: await systemContextId(fx) } }) },
  core_competency_get_scale_values: {
    allowed: LOGGED_IN,
    why: 'Scale values are not secret: any logged-in user (guests too) may read them, as in Moodle.',
    args: async (fx) => ({ scaleid: await scaleid(fx) }),
  },
  tool_lp_data_for_competency_frameworks_manage_page: { allowed: VIEWERS, args: async (fx) => ({ pagecontext: { contextid: await systemContextId(fx) } }) },
  core_competency_create_competency: {
    allowed: MANAGERS,
    args: async (fx) => ({ competency: { competencyframeworkid: (await sharedTree(fx)).frameworkid, shortname: 'New', idnumber: `N${fx.unique()}` } }),
  },
  core_competency_read_competency: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).p }) },
  core_competency_update_competency: {
    allowed: MANAGERS,
    args: async (fx) => ({ competency: { id: (await freshTree(fx)).p, shortname: 'Renamed', ruleoutcome: 2, ruletype: RULE_ALL } }),
  },
  core_competency_delete_competency: { allowed: MANAGERS, args: async (fx) => ({ id: (await freshTree(fx)).c1 }) },
  core_competency_search_competencies: { allowed: VIEWERS, args: async (fx) => ({ searchtext: 'C', competencyframeworkid: (await sharedTree(fx)).frameworkid }) },
  core_competency_set_parent_competency: {
    allowed: MANAGERS,
    args: async (fx) => {
      const t = await freshTree(fx);
      return { competencyid: t.c2, parentid: t.c1 };
    },
  },
  core_competency_move_up_competency: { allowed: MANAGERS, args: async (fx) => ({ id: (await freshTree(fx)).c2 }) },
  core_competency_move_down_competency: { allowed: MANAGERS, args: async (fx) => ({ id: (await freshTree(fx)).c1 }) },
  core_competency_add_related_competency: {
    allowed: MANAGERS,
    args: async (fx) => {
      const t = await freshTree(fx);
      return { competencyid: t.c1, relatedcompetencyid: t.c2 };
    },
  },
  core_competency_remove_related_competency: {
    allowed: MANAGERS,
    args: async (fx) => {
      const t = await freshTree(fx);
      await fx.admin('core_competency_add_related_competency', { competencyid: t.c1, relatedcompetencyid: t.c2 });
      return { competencyid: t.c1, relatedcompetencyid: t.c2 };
    },
  },
  tool_lp_data_for_related_competencies_section: { allowed: VIEWERS, args: async (fx) => ({ competencyid: (await sharedTree(fx)).c1 }) },
  tool_lp_data_for_competency_summary: { allowed: VIEWERS, args: async (fx) => ({ competencyid: (await sharedTree(fx)).c1, includerelated: 1 }) },
  tool_lp_data_for_competencies_manage_page: { allowed: VIEWERS, args: async (fx) => ({ competencyframeworkid: (await sharedTree(fx)).frameworkid }) },
  tool_lp_list_competency_tree_branch: {
    allowed: VIEWERS,
    args: async (fx) => {
      const t = await sharedTree(fx);
      return { competencyframeworkid: t.frameworkid, parentid: t.p };
    },
  },
  tool_lp_import_framework_csv: {
    allowed: MANAGERS,
    args: async (fx) => {
      const { csv } = await fx.admin<{ csv: string }>('tool_lp_export_framework_csv', { id: (await sharedTree(fx)).frameworkid });
      const n = fx.unique();
      return { csv: csv.replace(/\n,MXF\d+,Matrix framework \d+,/, `\n,MXI${n},Imported ${n},`), contextid: await systemContextId(fx), preview: 0 };
    },
  },
  tool_lp_list_courses_using_competency: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).c1 }) },
  core_competency_count_courses_using_competency: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).c1 }) },
  core_competency_competency_framework_viewed: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).frameworkid }) },
  core_competency_list_competencies: {
    allowed: VIEWERS,
    args: async (fx) => ({ filters: [{ column: 'competencyframeworkid', value: String((await sharedTree(fx)).frameworkid) }], sort: 'sortorder' }),
  },
  core_competency_count_competencies: { allowed: VIEWERS, args: async (fx) => ({ filters: [{ column: 'parentid', value: String((await sharedTree(fx)).p) }] }) },
  tool_lp_export_framework_csv: { allowed: VIEWERS, args: async (fx) => ({ id: (await sharedTree(fx)).frameworkid }) },
};
