import { LOGGED_IN, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

interface Named {
  id: number;
}

/** A new cohort in the "Matrix" category, made by the admin, with `members` in it. */
async function newCohort(fx: MatrixFixture, members: readonly number[] = [], name = `Matrix cohort ${fx.unique()}`): Promise<number> {
  const [cohort] = await fx.admin<Named[]>('core_cohort_create_cohorts', {
    cohorts: [{ categorytype: { type: 'id', value: String(fx.categoryid) }, name, idnumber: `MXCOHORT${fx.unique()}` }],
  });
  const cohortid = cohort?.id ?? 0;
  if (members.length) {
    await fx.admin('core_cohort_add_cohort_members', { members: members.map((userid) => ({ cohorttype: { type: 'id', value: cohortid }, usertype: { type: 'id', value: userid } })) });
  }
  return cohortid;
}

/** The category cohort the read methods look at, holding the unenrolled user. */
function sharedCohort(fx: MatrixFixture): Promise<number> {
  return fx.once('cohort:shared', () => newCohort(fx, [fx.otherUserId], 'Matrix category cohort'));
}

export const cohortDeclarations: PermissionDeclarations = {
  core_cohort_list_cohorts: {
    allowed: LOGGED_IN,
    why: 'Without a context the list answers every logged-in user with the cohorts they may view or manage; only the system manager and the admin hold cohort:view over the "Matrix" category (the editing teacher\'s archetype cohort:view is in MX101, below the cohort).',
    args: async (fx) => {
      await sharedCohort(fx);
      return { contextid: 0, search: 'Matrix category cohort' };
    },
    check: async (data, role, fx) => {
      const cohortid = await sharedCohort(fx);
      const answer = data as { total: number; cohorts: Array<{ id: number; canmanage: boolean; canassign: boolean; membercount: number }> };
      const listed = answer.cohorts.find((c) => c.id === cohortid);
      if (role === 'manager' || role === 'admin') {
        if (!listed) return 'the category cohort is not listed';
        if (!listed.canmanage || !listed.canassign || listed.membercount !== 1) return `the category cohort is listed wrongly: ${JSON.stringify(listed)}`;
        return null;
      }
      return answer.total === 0 && answer.cohorts.length === 0 ? null : 'cohorts the caller may not view are listed';
    },
  },
  core_cohort_get_cohorts: {
    allowed: SITE_MANAGERS,
    why: "A category cohort needs moodle/cohort:view (or manage) in the category; course roles do not reach up to it.",
    args: async (fx) => ({ cohortids: [await sharedCohort(fx)] }),
  },
  core_cohort_create_cohorts: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ cohorts: [{ categorytype: { type: 'id', value: String(fx.categoryid) }, name: `Created cohort ${fx.unique()}`, idnumber: `MXNEW${fx.unique()}` }] }),
  },
  core_cohort_update_cohorts: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({
      cohorts: [{ id: await fx.once('cohort:update', () => newCohort(fx)), categorytype: { type: 'id', value: String(fx.categoryid) }, name: `Renamed cohort ${fx.unique()}`, idnumber: '' }],
    }),
  },
  core_cohort_delete_cohorts: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ cohortids: [await newCohort(fx, [fx.otherUserId])] }),
  },
  core_cohort_add_cohort_members: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ members: [{ cohorttype: { type: 'id', value: await newCohort(fx) }, usertype: { type: 'id', value: fx.otherUserId } }] }),
    check: (data) => ((data as { added: number }).added === 1 ? null : 'the member was not added'),
  },
  core_cohort_delete_cohort_members: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ members: [{ cohortid: await newCohort(fx, [fx.otherUserId]), userid: fx.otherUserId }] }),
  },
  core_cohort_get_cohort_members: {
    allowed: SITE_MANAGERS,
    why: 'Members of a category cohort need moodle/cohort:view in the category.',
    args: async (fx) => ({ cohortids: [await sharedCohort(fx)] }),
    check: (data, _role, fx) => ((data as Array<{ userids: number[] }>)[0]?.userids.includes(fx.otherUserId) ? null : 'the member is not listed'),
  },
  core_cohort_list_members: {
    allowed: SITE_MANAGERS,
    why: 'The member picker of a cohort needs moodle/cohort:assign in its context; viewuseridentity only widens what it shows.',
    args: async (fx) => ({ cohortid: await sharedCohort(fx), search: '' }),
    check: (data, _role, fx) => ((data as { members: Named[] }).members.some((m) => m.id === fx.otherUserId) ? null : 'the member is not listed'),
  },
};
