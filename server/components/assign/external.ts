import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  modAssignAddInstance,
  modAssignGetAssignments,
  modAssignGetGrades,
  modAssignGetGradingPanel,
  modAssignGetGradingTable,
  modAssignGetParticipant,
  modAssignGetSubmissions,
  modAssignGetSubmissionStatus,
  modAssignListParticipants,
  modAssignPrepareSubmissionFiles,
  modAssignSaveGrade,
  modAssignSaveSubmission,
  modAssignSubmitForGrading,
  modAssignSubmitGradingForm,
  modAssignUpdateInstance,
  modAssignViewGradingTable,
  modAssignViewAssign,
  modAssignViewSubmissionStatus,
  type assignGradeSchema,
} from '../../../api/assign';
import type { Warning } from '../../../api/types';
import { ensureUserContext } from '../../platform/access/contexts';
import { getConfig } from '../../platform/config-store';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';
import { areaFiles, copyArea } from '../files/storage';
import { guideFillings, type GuideDefinition, type GuideFilling } from '../grading/service';
import { visibleIdentityFields } from '../user/identity';
import { CAP_ADDINSTANCE, CAP_GRADE, CAP_SUBMIT, CAP_VIEWGRADES, COMPONENT, requireAssign, requireViewGrades, type AssignAccess, type AssignRow } from './access';
import { applyGrade, assignGuide, currentGrade, formWarning, guideWarnings, parseGradeValue, requireGrade, requireParticipant, type GradeRow } from './grade';
import { countsOf, enrolledWithCapability, fullnameOf, isSubmitted, meetsFilters, participantRows, participantSummaries, requiresGrading, type ParticipantRow, type ParticipantSummary } from './participants';
import { displayGrade, gradeSetup, gradingMethodOf, requireValidSettings, setGradingMethod, settingsColumns, syncGradeItem, type AssignSettings } from './service';
import { draftArea, isLate, latestSubmission, maxBytesOf, saveSubmission, submissionArea, submissionState, submitForGrading, effectiveDue } from './submission';
import { gradingCounts, submissionFiles, submissionOut, submissionPlugins, userDetails } from './views';
import { sharedCallsFor } from '../../platform/sharedCalls';
import { sharedAnswer } from '../../ws/sharedanswers';
import { lastWriteOf } from '../../platform/writes';

const MANAGE = 'moodle/course:manageactivities';

function settingsOf(args: AssignSettings): AssignSettings {
  return args;
}

const addInstance = defineMethod(modAssignAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability(MANAGE, context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  const settings = settingsOf(args);
  await requireValidSettings(ctx.platform, ctx.db, args.courseid, settings, ctx.lang);
  const { cmid, instance, contextid } = await addModule(
    ctx,
    args.courseid,
    args.section,
    'assign',
    async (db) => {
      const row = await db
        .insertInto('assign')
        .values({ course: args.courseid, ...settingsColumns(settings) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    { groupmode: args.groupmode, groupingid: args.groupingid },
  );
  await setGradingMethod(ctx.db, contextid, args.gradingmethod);
  const assign = await ctx.db.selectFrom('assign').selectAll().where('id', '=', instance).executeTakeFirstOrThrow();
  await syncGradeItem(ctx.db, assign, cmid);
  return { cmid, instance };
});

const updateInstance = defineMethod(modAssignUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'assign');
  await ctx.access.requireCapability(MANAGE, modcontext);
  const settings = settingsOf(args);
  await requireValidSettings(ctx.platform, ctx.db, course.id, settings, ctx.lang);
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db.updateTable('assign').set(settingsColumns(settings)).where('id', '=', cm.instance).execute();
  await setGradingMethod(ctx.db, modcontext.id, args.gradingmethod);
  const assign = await ctx.db.selectFrom('assign').selectAll().where('id', '=', cm.instance).executeTakeFirstOrThrow();
  await syncGradeItem(ctx.db, assign, cm.id);
  return { cmid: cm.id, instance: cm.instance };
});

/** Moodle's plugin configs of an assignment. */
function configsOf(assign: AssignRow) {
  const c = (plugin: string, subtype: string, name: string, value: number | string) => ({ plugin, subtype, name, value: String(value) });
  return [
    c('onlinetext', 'assignsubmission', 'enabled', assign.onlinetext_enabled),
    c('onlinetext', 'assignsubmission', 'wordlimit', assign.onlinetext_wordlimit),
    c('onlinetext', 'assignsubmission', 'wordlimitenabled', assign.onlinetext_wordlimit > 0 ? 1 : 0),
    c('file', 'assignsubmission', 'enabled', assign.file_enabled),
    c('file', 'assignsubmission', 'maxfilesubmissions', assign.file_maxfiles),
    c('file', 'assignsubmission', 'maxsubmissionsizebytes', assign.file_maxsizebytes),
    c('comments', 'assignfeedback', 'enabled', 1),
  ];
}

/** The description is shown before the from-date only with alwaysshowdescription (or to graders). */
function introVisible(assign: AssignRow, canSeeAll: boolean): boolean {
  return canSeeAll || assign.alwaysshowdescription === 1 || assign.allowsubmissionsfromdate <= now();
}

const getAssignments = defineMethod(modAssignGetAssignments, async (ctx, args) => {
  const { modules, warnings } = await visibleModulesByCourses(ctx, args.courseids, 'assign');
  const rows = modules.length ? await ctx.db.selectFrom('assign').selectAll().where('id', 'in', modules.map((m) => m.instance)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const contexts = modules.length
    ? await ctx.db.selectFrom('context').selectAll().where('contextlevel', '=', 70).where('instanceid', 'in', modules.map((m) => m.id)).execute()
    : [];
  const contextOf = new Map(contexts.map((c) => [c.instanceid, c]));
  const courseIds = [...new Set(modules.map((m) => m.course))];
  const courses = courseIds.length ? await ctx.db.selectFrom('course').select(['id', 'fullname', 'shortname', 'timemodified']).where('id', 'in', courseIds).execute() : [];
  const out = new Map(courses.map((c) => [c.id, { id: c.id, fullname: formatString(c.fullname), shortname: formatString(c.shortname), timemodified: c.timemodified, assignments: [] as z.input<typeof modAssignGetAssignments.returns>['courses'][number]['assignments'] }]));
  const wanted = ['mod/assign:view', ...args.capabilities];
  for (const m of modules) {
    const assign = byId.get(m.instance);
    const context = contextOf.get(m.id);
    if (!assign || !context) continue;
    const held = await ctx.access.hasCapabilities(wanted, context);
    if (held.size < new Set(wanted).size) continue;
    const canSeeAll = (await ctx.access.hasCapabilities([CAP_GRADE, MANAGE], context)).size > 0;
    out.get(m.course)?.assignments.push({
      id: assign.id,
      cmid: m.id,
      course: assign.course,
      name: formatString(assign.name),
      nosubmissions: assign.nosubmissions,
      submissiondrafts: assign.submissiondrafts,
      sendnotifications: assign.sendnotifications,
      sendlatenotifications: assign.sendlatenotifications,
      sendstudentnotifications: assign.sendstudentnotifications,
      duedate: assign.duedate,
      allowsubmissionsfromdate: assign.allowsubmissionsfromdate,
      grade: assign.grade,
      timemodified: assign.timemodified,
      completionsubmit: assign.completionsubmit,
      cutoffdate: assign.cutoffdate,
      gradingduedate: assign.gradingduedate,
      teamsubmission: assign.teamsubmission,
      requireallteammemberssubmit: assign.requireallteammemberssubmit,
      teamsubmissiongroupingid: assign.teamsubmissiongroupingid,
      blindmarking: assign.blindmarking,
      hidegrader: assign.hidegrader,
      revealidentities: assign.revealidentities,
      attemptreopenmethod: assign.attemptreopenmethod,
      maxattempts: assign.maxattempts,
      markingworkflow: assign.markingworkflow,
      markingallocation: assign.markingallocation,
      requiresubmissionstatement: assign.requiresubmissionstatement,
      preventsubmissionnotingroup: assign.preventsubmissionnotingroup,
      configs: configsOf(assign),
      ...(introVisible(assign, canSeeAll) ? { intro: formatText(assign.intro, assign.introformat), introformat: 1 } : {}),
      gradingmethod: await gradingMethodOf(ctx.db, context.id),
    });
  }
  return { courses: [...out.values()], warnings };
});

type GradeOut = z.input<typeof assignGradeSchema>;

function gradeOut(g: GradeRow): GradeOut {
  return {
    id: g.id,
    assignment: g.assignment,
    userid: g.userid,
    attemptnumber: g.attemptnumber,
    timecreated: g.timecreated,
    timemodified: g.timemodified,
    grader: g.grader,
    grade: g.grade < 0 ? '' : Number(g.grade).toFixed(5),
  };
}

async function userName(ctx: CallContext, userid: number): Promise<string> {
  if (userid <= 0) return '';
  const u = await ctx.db.selectFrom('user').select(['firstname', 'lastname']).where('id', '=', userid).executeTakeFirst();
  return u ? fullnameOf(u) : '';
}

async function submissionStatement(ctx: CallContext): Promise<string> {
  const stored = await getConfig(ctx.db, 'submissionstatement');
  return formatText(stored ?? ctx.platform.strings.get('submissionstatementdefault', COMPONENT, undefined, ctx.lang), 1);
}

/** The guide as the learner sees their scores, or undefined when the grade was not given with a guide. */
async function guideFeedback(ctx: CallContext, guide: GuideDefinition | null, gradeid: number) {
  if (!guide) return undefined;
  const fillings = await guideFillings(ctx.db, guide.id, gradeid);
  if (fillings.length === 0) return undefined;
  const byId = new Map(fillings.map((f) => [f.criterionid, f]));
  const criteria = guide.criteria.map((c) => {
    const f = byId.get(c.id);
    return { id: c.id, shortname: formatString(c.shortname), description: formatText(c.description, 1), maxscore: c.maxscore, score: f ? f.score : null, remark: f ? formatText(f.remark, 2) : '' };
  });
  return {
    criteria,
    total: fillings.reduce((sum, f) => sum + f.score, 0),
    maxtotal: guide.criteria.reduce((sum, c) => sum + c.maxscore, 0),
  };
}

const getSubmissionStatus = defineMethod(modAssignGetSubmissionStatus, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  const self = ctx.user!.id;
  const userid = args.userid || self;
  const caps = await ctx.access.hasCapabilities([CAP_SUBMIT, CAP_GRADE, CAP_VIEWGRADES, MANAGE], a.modcontext);
  const canviewgrades = caps.has(CAP_VIEWGRADES) || caps.has(CAP_GRADE);
  if (userid !== self) {
    await requireViewGrades(ctx, a);
    await requireParticipant(ctx, a, userid);
  }
  const { assign } = a;
  const wwwroot = ctx.platform.config.wwwroot;
  const setup = await gradeSetup(ctx.db, assign);
  const method = await gradingMethodOf(ctx.db, a.modcontext.id);
  const guide = method === 'guide' ? await assignGuide(ctx.db, a) : null;

  const targetSubmits = userid === self ? caps.has(CAP_SUBMIT) : true;
  const submission = await latestSubmission(ctx.db, assign.id, userid);
  const grade = await currentGrade(ctx.db, assign.id, userid);
  const graded = !!grade && grade.grade >= 0;

  let lastattempt: z.input<typeof modAssignGetSubmissionStatus.returns>['lastattempt'];
  if (targetSubmits) {
    const { flags, closed } = await submissionState(ctx.db, a, userid, submission?.status ?? null);
    const plugins = await submissionPlugins(ctx.db, wwwroot, a, submission ? [submission] : []);
    const t = now();
    const due = effectiveDue(assign, flags?.extensionduedate);
    const submittedAt = submission && submission.status === 'submitted' ? submission.timemodified : t;
    const open = closed === null;
    const mine = userid === self;
    lastattempt = {
      ...(submission ? { submission: submissionOut(submission, plugins, graded ? 'graded' : 'notgraded') } : {}),
      submissiongroupmemberswhoneedtosubmit: [],
      submissionsenabled: assign.onlinetext_enabled === 1 || assign.file_enabled === 1,
      locked: (flags?.locked ?? 0) === 1,
      graded,
      canedit: mine && open && caps.has(CAP_SUBMIT),
      caneditowner: mine && open && caps.has(CAP_SUBMIT),
      cansubmit: mine && caps.has(CAP_SUBMIT) && assign.submissiondrafts === 1 && submission?.status === 'draft' && open,
      extensionduedate: flags?.extensionduedate ? flags.extensionduedate : null,
      blindmarking: false,
      gradingstatus: graded ? 'graded' : 'notgraded',
      usergroups: [],
      late: isLate(assign, flags?.extensionduedate, submittedAt),
      timeremaining: due > 0 ? due - t : null,
      submissionsopen: open,
    };
  }

  let feedback: z.input<typeof modAssignGetSubmissionStatus.returns>['feedback'];
  if (grade && grade.timemodified > 0) {
    const comment = await ctx.db.selectFrom('assignfeedback_comments').select(['commenttext', 'commentformat']).where('grade', '=', grade.id).executeTakeFirst();
    const commentHtml = comment?.commenttext ? formatText(comment.commenttext, comment.commentformat) : '';
    if (graded || commentHtml) {
      const guideOut = await guideFeedback(ctx, guide, grade.id);
      feedback = {
        grade: gradeOut(grade),
        gradefordisplay: displayGrade(setup, graded ? Number(grade.grade) : null, ctx.lang),
        gradeddate: grade.timemodified,
        plugins: [{ type: 'comments', name: 'Feedback comments', editorfields: [{ name: 'comments', description: 'Feedback comments', text: commentHtml, format: 1 }] }],
        gradername: assign.hidegrader && !canviewgrades ? '' : await userName(ctx, grade.grader),
        comment: commentHtml,
        ...(guideOut ? { guide: guideOut } : {}),
      };
    }
  }

  const counts = canviewgrades && userid === self ? await gradingCounts(ctx.db, ctx.platform.dialect, a) : undefined;
  return {
    ...(counts
      ? {
          gradingsummary: {
            participantcount: counts.participants,
            submissiondraftscount: counts.drafts,
            submissionsenabled: assign.onlinetext_enabled === 1 || assign.file_enabled === 1,
            submissionssubmittedcount: counts.submitted,
            submissionsneedgradingcount: counts.needsgrading,
            warnofungroupedusers: false,
          },
        }
      : {}),
    ...(lastattempt ? { lastattempt } : {}),
    ...(feedback ? { feedback } : {}),
    assign: {
      id: assign.id,
      cmid: a.cm.id,
      contextid: a.modcontext.id,
      course: assign.course,
      name: formatString(assign.name),
      intro: introVisible(assign, caps.has(CAP_GRADE) || caps.has(MANAGE)) ? formatText(assign.intro, assign.introformat) : '',
      allowsubmissionsfromdate: assign.allowsubmissionsfromdate,
      duedate: assign.duedate,
      cutoffdate: assign.cutoffdate,
      gradingduedate: assign.gradingduedate,
      grade: assign.grade,
      submissiondrafts: assign.submissiondrafts === 1,
      requiresubmissionstatement: assign.requiresubmissionstatement === 1,
      submissionstatement: assign.requiresubmissionstatement ? await submissionStatement(ctx) : '',
      onlinetext_enabled: assign.onlinetext_enabled === 1,
      onlinetext_wordlimit: assign.onlinetext_wordlimit,
      file_enabled: assign.file_enabled === 1,
      file_maxfiles: assign.file_maxfiles,
      file_maxsizebytes: maxBytesOf(assign),
      gradingmethod: method,
      cansubmit: caps.has(CAP_SUBMIT),
      cangrade: caps.has(CAP_GRADE),
      canviewgrades,
      canmanage: caps.has(MANAGE),
    },
    userid,
    warnings: [],
  };
});

const saveSubmissionMethod = defineMethod(modAssignSaveSubmission, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignmentid });
  return saveSubmission(ctx, a, args.plugindata);
});

const submitForGradingMethod = defineMethod(modAssignSubmitForGrading, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignmentid });
  return submitForGrading(ctx, a, args.acceptsubmissionstatement);
});

/** A draft item id not used by the user's draft area yet. */
async function newDraftItemId(ctx: CallContext, usercontextid: number): Promise<number> {
  for (;;) {
    const itemid = randomInt(1, 2 ** 31 - 1);
    const used = await ctx.db.selectFrom('files').select('id').where('contextid', '=', usercontextid).where('component', '=', 'user').where('filearea', '=', 'draft').where('itemid', '=', itemid).executeTakeFirst();
    if (!used) return itemid;
  }
}

const prepareSubmissionFiles = defineMethod(modAssignPrepareSubmissionFiles, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignmentid });
  await ctx.access.requireCapability(CAP_SUBMIT, a.modcontext);
  const user = ctx.user!;
  const usercontext = await ensureUserContext(ctx.db, user.id);
  const itemid = await newDraftItemId(ctx, usercontext.id);
  const submission = await latestSubmission(ctx.db, a.assign.id, user.id);
  const draft = draftArea(usercontext.id, itemid);
  if (submission) await copyArea(ctx.db, submissionArea(a.modcontext.id, submission.id), draft, user.id);
  const files = await areaFiles(ctx.db, draft);
  return {
    itemid,
    files: files.map((f) => ({ filename: f.filename, filesize: f.filesize, mimetype: f.mimetype, timecreated: f.timecreated })),
    maxfiles: a.assign.file_maxfiles,
    maxbytes: maxBytesOf(a.assign),
  };
});

/** The scores of a guide from save_grade's advancedgradingdata. */
function fillingsFromWs(data: { guide?: { criteria: Array<{ criterionid: number; fillings: Array<{ criterionid: number; score: number; remark: string }> }> } }): GuideFilling[] {
  const fillings: GuideFilling[] = [];
  for (const c of data.guide?.criteria ?? []) {
    for (const f of c.fillings) fillings.push({ criterionid: c.criterionid, score: f.score, remark: f.remark });
  }
  return fillings;
}

const saveGrade = defineMethod(modAssignSaveGrade, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignmentid });
  await requireGrade(ctx, a);
  const user = await requireParticipant(ctx, a, args.userid);
  const setup = await gradeSetup(ctx.db, a.assign);
  const guide = await assignGuide(ctx.db, a);
  const advanced = 'guide' in args.advancedgradingdata ? args.advancedgradingdata : undefined;
  let guideInput: { definition: GuideDefinition; fillings: GuideFilling[] | null } | undefined;
  let grade: number | null = null;
  if (guide && advanced) {
    const fillings = fillingsFromWs(advanced);
    const unknown = fillings.find((f) => !guide.criteria.some((c) => c.id === f.criterionid));
    if (unknown) throw new AppError('unknowncriterion', { component: COMPONENT, a: unknown.criterionid });
    const errors = guideWarnings(ctx, a.assign.id, guide, fillings);
    if (errors.length > 0) throw new AppError(errors[0]!.warningcode, { component: COMPONENT, a: { criterion: errors[0]!.item, maxscore: '' }, debuginfo: JSON.stringify(errors) });
    guideInput = { definition: guide, fillings };
  } else {
    // Moodle's WS grade: a float; −1 (or below with a scale) means no grade.
    const parsed = args.grade === -1 ? { value: null } : parseGradeValue(String(args.grade), setup);
    if ('error' in parsed) throw new AppError(parsed.error, { component: COMPONENT, a: parsed.a });
    grade = parsed.value;
  }
  const comment = args.plugindata.assignfeedbackcomments_editor;
  await applyGrade(ctx, a, user, { grade, comment, guide: guideInput, notify: a.assign.sendstudentnotifications === 1 });
  return null;
});

/** For get_grades/get_submissions: the assignments the caller may grade; the others become warning 1. */
async function gradableAssignments(ctx: CallContext, ids: readonly number[]): Promise<{ allowed: AssignAccess[]; warnings: Warning[] }> {
  const allowed: AssignAccess[] = [];
  const warnings: Warning[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const a = await requireAssign(ctx, { assignid: id });
      await requireGrade(ctx, a);
      allowed.push(a);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      warnings.push({ item: 'assignment', itemid: id, warningcode: '1', message: 'No access rights in module context' });
    }
  }
  return { allowed, warnings };
}

const getGrades = defineMethod(modAssignGetGrades, async (ctx, args) => {
  const { allowed, warnings } = await gradableAssignments(ctx, args.assignmentids);
  const assignments = [];
  for (const a of allowed) {
    const participants = (await enrolledWithCapability(ctx.db, a.course.id, a.modcontext, CAP_SUBMIT)).select('u.id');
    const rows = await ctx.db
      .selectFrom('assign_grades as gg')
      .selectAll('gg')
      .where('gg.assignment', '=', a.assign.id)
      .where('gg.userid', 'in', participants)
      .where('gg.timemodified', '>=', args.since)
      .where('gg.timemodified', '>', 0)
      .where((eb) =>
        eb(
          'gg.attemptnumber',
          '=',
          eb.fn.coalesce(
            eb.selectFrom('assign_submission as ls').select('ls.attemptnumber').whereRef('ls.userid', '=', 'gg.userid').where('ls.assignment', '=', a.assign.id).where('ls.latest', '=', 1).where('ls.groupid', '=', 0),
            sql<number>`0`,
          ),
        ),
      )
      .orderBy('gg.userid')
      .execute();
    if (rows.length === 0) {
      warnings.push({ item: 'assignment', itemid: a.assign.id, warningcode: '3', message: 'No grades found' });
      continue;
    }
    assignments.push({
      assignmentid: a.assign.id,
      grades: rows.map((g) => {
        const { assignment: _assignment, ...rest } = gradeOut(g);
        void _assignment;
        return rest;
      }),
    });
  }
  return { assignments, warnings };
});

const getSubmissions = defineMethod(modAssignGetSubmissions, async (ctx, args) => {
  const { allowed, warnings } = await gradableAssignments(ctx, args.assignmentids);
  const assignments = [];
  for (const a of allowed) {
    const participants = (await enrolledWithCapability(ctx.db, a.course.id, a.modcontext, CAP_SUBMIT)).select('u.id');
    let query = ctx.db
      .selectFrom('assign_submission as ss')
      .selectAll('ss')
      .where('ss.assignment', '=', a.assign.id)
      .where('ss.latest', '=', 1)
      .where('ss.groupid', '=', 0)
      .where('ss.userid', 'in', participants)
      .where('ss.timemodified', '>=', args.since);
    if (args.before > 0) query = query.where('ss.timemodified', '<=', args.before);
    if (args.status !== '') query = query.where('ss.status', '=', args.status);
    const rows = await query.orderBy('ss.userid').execute();
    if (rows.length === 0) {
      warnings.push({ item: 'module', itemid: a.assign.id, warningcode: '3', message: 'No submissions found' });
      continue;
    }
    const plugins = await submissionPlugins(ctx.db, ctx.platform.config.wwwroot, a, rows);
    const grades = await ctx.db.selectFrom('assign_grades').select(['userid', 'attemptnumber', 'grade']).where('assignment', '=', a.assign.id).where('userid', 'in', rows.map((r) => r.userid)).execute();
    const gradedKey = new Set(grades.filter((g) => g.grade >= 0).map((g) => `${g.userid}:${g.attemptnumber}`));
    assignments.push({ assignmentid: a.assign.id, submissions: rows.map((s) => submissionOut(s, plugins, gradedKey.has(`${s.userid}:${s.attemptnumber}`) ? 'graded' : 'notgraded')) });
  }
  return { assignments, warnings };
});

const viewGradingTable = defineMethod(modAssignViewGradingTable, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await ctx.access.requireCapability(CAP_VIEWGRADES, a.modcontext);
  await logContextEvent(ctx, a.modcontext, { eventname: '\\mod_assign\\event\\grading_table_viewed', component: COMPONENT, action: 'viewed', target: 'grading_table', crud: 'r', courseid: a.course.id });
  return { status: true, warnings: [] };
});

const viewSubmissionStatus = defineMethod(modAssignViewSubmissionStatus, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await logContextEvent(ctx, a.modcontext, { eventname: '\\mod_assign\\event\\submission_status_viewed', component: COMPONENT, action: 'viewed', target: 'submission_status', crud: 'r', courseid: a.course.id });
  return { status: true, warnings: [] };
});

const viewAssign = defineMethod(modAssignViewAssign, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await logContextEvent(ctx, a.modcontext, {
    eventname: '\\mod_assign\\event\\course_module_viewed',
    component: COMPONENT,
    action: 'viewed',
    target: 'course_module',
    objecttable: 'assign',
    objectid: a.assign.id,
    crud: 'r',
    courseid: a.course.id,
  });
  return { status: true, warnings: [] };
});

/** How long a grader's id list, once read, answers others opening the same list (ms). */
const ID_LIST_KEEP_MS = 1_000;

/** What every participant list says of a participant, details or not. */
function participantBase(r: ParticipantSummary) {
  return {
    id: r.id,
    fullname: fullnameOf(r),
    submitted: isSubmitted(r),
    requiregrading: requiresGrading(r),
    grantedextension: (r.extensionduedate ?? 0) > 0,
    submissionstatus: r.status ?? '',
  };
}

const listParticipants = defineMethod(modAssignListParticipants, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await requireViewGrades(ctx, a);
  const q = { groupid: args.groupid, filter: args.filter, limit: args.limit, offset: args.skip };
  if (args.onlyids) {
    // The list depends on the assignment and the query alone, and the caller may see it: graders
    // opening the same list within a second share one read of it (and one check and JSON text of the
    // answer), except that whoever has saved something since that read started reads afresh.
    const key = JSON.stringify([a.assign.id, q]);
    return sharedCallsFor<Array<ReturnType<typeof participantBase>>>(ctx.platform, 'assign-participant-ids', ID_LIST_KEEP_MS).run(
      key,
      async () => sharedAnswer((await participantSummaries(ctx.db, ctx.platform.dialect, a, q)).map(participantBase)),
      lastWriteOf(ctx.platform, ctx.user?.id ?? 0),
    );
  }
  const identity = await visibleIdentityFields(ctx.db, ctx.access, a.modcontext);
  const rows = await participantRows(ctx.db, ctx.platform.dialect, a, q);
  const wwwroot = ctx.platform.config.wwwroot;
  return rows.map((r) => ({ ...participantBase(r), ...userDetails(wwwroot, r, identity) }));
});

const getParticipant = defineMethod(modAssignGetParticipant, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await requireViewGrades(ctx, a);
  const [row] = await participantRows(ctx.db, ctx.platform.dialect, a, { userids: [args.userid] });
  if (!row) throw new AppError('usernotincourse', { component: COMPONENT, status: 404, debuginfo: `user ${args.userid}` });
  const wwwroot = ctx.platform.config.wwwroot;
  const identity = await visibleIdentityFields(ctx.db, ctx.access, a.modcontext);
  const due = effectiveDue(a.assign, row.extensionduedate);
  return {
    ...participantBase(row),
    blindmarking: false,
    allowsubmissionsfromdate: a.assign.allowsubmissionsfromdate,
    duedate: due,
    cutoffdate: a.assign.cutoffdate,
    duedatestr: due > 0 ? new Date(due * 1000).toUTCString() : '',
    ...(args.embeduser ? { user: { id: row.id, fullname: fullnameOf(row), ...userDetails(wwwroot, row, identity) } } : {}),
  };
});

/** The grading table's sort keys besides the name (the users come sorted by name). */
const SORT_KEYS: Record<'status' | 'grade' | 'timemodified', (r: ParticipantRow) => string | number> = {
  status: (r) => r.status ?? '',
  grade: (r) => r.grade ?? -1,
  timemodified: (r) => r.submissionmodified ?? 0,
};

const getGradingTable = defineMethod(modAssignGetGradingTable, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await requireViewGrades(ctx, a);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, a.modcontext);
  // Every participant with their status (two queries), then filtered, sorted and paged here: a few
  // thousand rows at most, and no query plan that depends on how well the database knows its tables.
  const everyone = await participantRows(ctx.db, ctx.platform.dialect, a);
  const searched = args.search.trim() === '' ? everyone : await participantRows(ctx.db, ctx.platform.dialect, a, { search: args.search, identity });
  const matching = searched.filter((r) => meetsFilters(r, args.filters));
  const sign = args.direction === 'desc' ? -1 : 1;
  const order = new Map(matching.map((r, i) => [r.id, i]));
  const byName = (x: ParticipantRow, y: ParticipantRow) => (order.get(x.id)! - order.get(y.id)!) * sign;
  const key = args.sort === 'fullname' ? undefined : SORT_KEYS[args.sort];
  const sorted = [...matching].sort((x, y) => {
    if (key) {
      const kx = key(x);
      const ky = key(y);
      if (kx !== ky) return (kx < ky ? -1 : 1) * sign;
    }
    return byName(x, y);
  });
  const rows = sorted.slice(args.page * args.perpage, (args.page + 1) * args.perpage);
  const setup = await gradeSetup(ctx.db, a.assign);
  const wwwroot = ctx.platform.config.wwwroot;
  return {
    total: matching.length,
    rows: rows.map((r) => {
      const graded = r.grade !== null && r.grade >= 0;
      const details = userDetails(wwwroot, r, identity);
      return {
        userid: r.id,
        fullname: fullnameOf(r),
        ...identityOnly(details),
        profileimageurlsmall: details.profileimageurlsmall,
        status: r.status ?? 'new',
        gradingstatus: graded ? 'graded' : 'notgraded',
        late: r.status === 'submitted' && isLate(a.assign, r.extensionduedate, r.submissionmodified ?? 0),
        timesubmitted: r.status === 'submitted' ? (r.submissionmodified ?? 0) : 0,
        grade: graded ? Number(r.grade) : null,
        gradefordisplay: displayGrade(setup, graded ? Number(r.grade) : null, ctx.lang),
        timegraded: graded ? (r.grademodified ?? 0) : 0,
      };
    }),
    identityfields: identity,
    gradesummary: countsOf(everyone),
    cangrade: await ctx.access.hasCapability(CAP_GRADE, a.modcontext),
  };
});

function identityOnly<T extends { profileimageurl: string; profileimageurlsmall: string }>(details: T): Omit<T, 'profileimageurl' | 'profileimageurlsmall'> {
  const { profileimageurl: _large, profileimageurlsmall: _small, ...rest } = details;
  void _large;
  void _small;
  return rest;
}

const getGradingPanel = defineMethod(modAssignGetGradingPanel, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignid });
  await requireGrade(ctx, a);
  const [row] = await participantRows(ctx.db, ctx.platform.dialect, a, { userids: [args.userid] });
  if (!row) throw new AppError('usernotincourse', { component: COMPONENT, status: 404, debuginfo: `user ${args.userid}` });
  const wwwroot = ctx.platform.config.wwwroot;
  const identity = await visibleIdentityFields(ctx.db, ctx.access, a.modcontext);
  const details = userDetails(wwwroot, row, identity);
  const submission = await latestSubmission(ctx.db, a.assign.id, args.userid);
  const grade = await currentGrade(ctx.db, a.assign.id, args.userid);
  const comment = grade ? await ctx.db.selectFrom('assignfeedback_comments').select(['commenttext', 'commentformat']).where('grade', '=', grade.id).executeTakeFirst() : undefined;
  const setup = await gradeSetup(ctx.db, a.assign);
  const guide = await assignGuide(ctx.db, a);
  let submissionOutValue = null;
  if (submission) {
    const text = a.assign.onlinetext_enabled ? await ctx.db.selectFrom('assignsubmission_onlinetext').select(['onlinetext', 'onlineformat']).where('submission', '=', submission.id).executeTakeFirst() : undefined;
    submissionOutValue = {
      status: submission.status,
      timemodified: submission.timemodified,
      late: submission.status === 'submitted' && isLate(a.assign, row.extensionduedate, submission.timemodified),
      onlinetext: text ? formatText(text.onlinetext, text.onlineformat) : '',
      files: a.assign.file_enabled ? await submissionFiles(ctx.db, wwwroot, a.modcontext.id, submission.id) : [],
    };
  }
  const graded = !!grade && grade.grade >= 0;
  return {
    assign: { id: a.assign.id, cmid: a.cm.id, contextid: a.modcontext.id, name: formatString(a.assign.name), duedate: a.assign.duedate, cutoffdate: a.assign.cutoffdate },
    user: { id: row.id, fullname: fullnameOf(row), profileimageurl: details.profileimageurl, ...identityOnly(details) },
    submission: submissionOutValue,
    grade: {
      grade: graded ? Number(grade.grade) : null,
      timemodified: grade?.timemodified ?? 0,
      gradername: grade ? await userName(ctx, grade.grader) : '',
      feedbackcomment: comment?.commenttext ?? '',
      feedbackformat: comment?.commentformat ?? 1,
    },
    gradeitem: { type: setup.type, grademax: setup.grademax, scaleitems: setup.scale?.items ?? [] },
    guide: guide
      ? {
          definitionid: guide.id,
          name: guide.name,
          description: guide.description,
          criteria: guide.criteria,
          comments: guide.comments,
          fillings: grade ? await guideFillings(ctx.db, guide.id, grade.id) : [],
        }
      : null,
    sendstudentnotifications: a.assign.sendstudentnotifications === 1,
    gradingstatus: graded ? 'graded' : 'notgraded',
  };
});

/** jsonformdata: a JSON string holding a URL-encoded form. Anything else is refused before anything is read. */
function parseFormData(jsonformdata: string): URLSearchParams {
  let decoded: unknown;
  try {
    decoded = JSON.parse(jsonformdata);
  } catch {
    throw new AppError('invalidjsonformdata', { component: COMPONENT, debuginfo: 'jsonformdata is not JSON' });
  }
  if (typeof decoded !== 'string') throw new AppError('invalidjsonformdata', { component: COMPONENT, debuginfo: 'jsonformdata must be a JSON string holding a URL-encoded form' });
  return new URLSearchParams(decoded);
}

const CRITERION_FIELD = /^advancedgrading\[criteria\]\[(\d+)\]\[(score|remark)\]$/;

const submitGradingForm = defineMethod(modAssignSubmitGradingForm, async (ctx, args) => {
  const a = await requireAssign(ctx, { assignid: args.assignmentid });
  await requireGrade(ctx, a);
  const form = parseFormData(args.jsonformdata);
  const user = await requireParticipant(ctx, a, args.userid);
  const assignid = a.assign.id;
  const warnings: Warning[] = [];
  const setup = await gradeSetup(ctx.db, a.assign);
  const guide = await assignGuide(ctx.db, a);

  let grade: number | null = null;
  let guideInput: { definition: GuideDefinition; fillings: GuideFilling[] | null } | undefined;
  if (guide) {
    const scores = new Map<number, string>();
    const remarks = new Map<number, string>();
    for (const [key, value] of form) {
      const match = CRITERION_FIELD.exec(key);
      if (!match) continue;
      const id = Number(match[1]);
      if (!guide.criteria.some((c) => c.id === id)) {
        warnings.push(formWarning(ctx, assignid, key, 'unknowncriterion', id));
        continue;
      }
      (match[2] === 'score' ? scores : remarks).set(id, value);
    }
    const empty = guide.criteria.every((c) => (scores.get(c.id) ?? '').trim() === '' && (remarks.get(c.id) ?? '').trim() === '');
    if (empty) guideInput = { definition: guide, fillings: null };
    else {
      const fillings: GuideFilling[] = [];
      for (const c of guide.criteria) {
        const raw = (scores.get(c.id) ?? '').trim().replace(',', '.');
        if (raw === '') continue;
        fillings.push({ criterionid: c.id, score: /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN, remark: remarks.get(c.id) ?? '' });
      }
      // A criterion with a remark but no score is still missing its score.
      warnings.push(...guideWarnings(ctx, assignid, guide, fillings));
      guideInput = { definition: guide, fillings };
    }
  } else {
    const parsed = parseGradeValue(form.get('grade') ?? '', setup);
    if ('error' in parsed) warnings.push(formWarning(ctx, assignid, 'grade', parsed.error, parsed.a));
    else grade = parsed.value;
  }

  const rawExpected = form.get('gradetimemodified');
  let expected: number | undefined;
  if (rawExpected !== null && rawExpected !== '') {
    if (!/^\d+$/.test(rawExpected)) warnings.push(formWarning(ctx, assignid, 'gradetimemodified', 'couldnotsavegrade'));
    else expected = Number(rawExpected);
  }
  const text = form.get('assignfeedbackcomments_editor[text]');
  const formatRaw = form.get('assignfeedbackcomments_editor[format]') ?? '1';
  const format = /^[0-4]$/.test(formatRaw) ? Number(formatRaw) : 1;
  if (text !== null && text.length > 1_000_000) warnings.push(formWarning(ctx, assignid, 'assignfeedbackcomments_editor[text]', 'couldnotsavegrade'));
  if (warnings.length > 0) return warnings;

  const notifyRaw = form.get('sendstudentnotifications');
  const notify = notifyRaw === null ? a.assign.sendstudentnotifications === 1 : notifyRaw === '1' || notifyRaw === 'true';
  return applyGrade(ctx, a, user, { grade, comment: text === null ? undefined : { text, format }, guide: guideInput, notify, expectedTimemodified: expected });
});

export const assignMethods = [
  addInstance,
  updateInstance,
  getAssignments,
  getSubmissionStatus,
  saveSubmissionMethod,
  submitForGradingMethod,
  prepareSubmissionFiles,
  saveGrade,
  getGrades,
  getSubmissions,
  viewGradingTable,
  viewSubmissionStatus,
  viewAssign,
  listParticipants,
  getParticipant,
  getGradingTable,
  getGradingPanel,
  submitGradingForm,
];
