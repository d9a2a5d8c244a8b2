import type { Kysely } from 'kysely';
import { RULE_ALL, RULE_POINTS } from '../../api/competency';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { now, type Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import type { CallContext } from '../ws/method';
import { addDemoPlans } from './plans';

/** Calls a registered web-service method's handler as the given caller, with its arguments validated as the endpoint would. */
async function callMethod<T>(ctx: CallContext, name: string, args: unknown): Promise<T> {
  const method = ctx.platform.components.flatMap((c) => c.methods ?? []).find((m) => m.contract.name === name);
  if (!method) throw new Error(`demo data: method ${name} is not registered`);
  return (await method.handler(ctx, method.contract.args.parse(args))) as T;
}

type Tree = Array<[idnumber: string, shortname: string, children?: Tree]>;

/** Three levels: domains, competencies, indicators. */
const DIGITAL: Tree = [
  [
    'DC-INFO',
    'Information and data literacy',
    [
      ['DC-INFO-1', 'Browsing, searching and filtering data', [['DC-INFO-1a', 'Chooses search terms that narrow a search'], ['DC-INFO-1b', 'Filters results by date and source']]],
      ['DC-INFO-2', 'Evaluating data and sources', [['DC-INFO-2a', 'Checks who published a source and why'], ['DC-INFO-2b', 'Compares two sources on the same claim']]],
      ['DC-INFO-3', 'Managing data and information', [['DC-INFO-3a', 'Organises files in named folders'], ['DC-INFO-3b', 'Keeps a backup of important work']]],
    ],
  ],
  [
    'DC-COMM',
    'Communication and collaboration',
    [
      ['DC-COMM-1', 'Interacting through digital technologies', [['DC-COMM-1a', 'Chooses a suitable channel for a message']]],
      ['DC-COMM-2', 'Collaborating through digital technologies', [['DC-COMM-2a', 'Edits a shared document without overwriting others']]],
    ],
  ],
  [
    'DC-SAFE',
    'Safety',
    [
      ['DC-SAFE-1', 'Protecting devices', [['DC-SAFE-1a', 'Keeps software up to date']]],
      ['DC-SAFE-2', 'Protecting personal data and privacy', [['DC-SAFE-2a', 'Uses strong, different passwords'], ['DC-SAFE-2b', 'Reviews privacy settings of accounts']]],
    ],
  ],
];

const TEAMWORK: Tree = [
  ['TW-LISTEN', 'Listens to others'],
  ['TW-SHARE', 'Shares work and ideas'],
  ['TW-DEADLINE', 'Meets agreed deadlines'],
  ['TW-CONFLICT', 'Resolves disagreements calmly'],
];

/**
 * Two competency frameworks made by the site manager through the same methods as the screens: "Digital
 * competence" (domains, competencies and indicators on the default competence scale, with rules and
 * related competencies) and a small "Teamwork" framework on its own four-level scale.
 */
export async function addDemoCompetencies(platform: Platform, db: Kysely<DB>): Promise<void> {
  const managerRow = await db.selectFrom('user').select('id').where('username', '=', 'manager1').executeTakeFirst();
  const manager = managerRow ? await loadUser(db, managerRow.id) : undefined;
  if (!manager) return;
  const ctx: CallContext = { platform, db, user: manager, session: null, access: createAccess(db, manager.id), lang: 'en', ip: '127.0.0.1' };
  const competence = await db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirst();
  if (!competence) return;
  const levels = await db
    .insertInto('scale')
    .values({ courseid: 0, userid: manager.id, name: 'Proficiency levels', scale: 'Beginning,Developing,Proficient,Expert', description: 'Four steps from first attempts to mastery.', timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow();

  const ids = new Map<string, number>();
  async function addTree(frameworkid: number, tree: Tree, parentid: number) {
    for (const [idnumber, shortname, children] of tree) {
      const c = await callMethod<{ id: number }>(ctx, 'core_competency_create_competency', { competency: { competencyframeworkid: frameworkid, parentid, shortname, idnumber, description: '' } });
      ids.set(idnumber, c.id);
      if (children) await addTree(frameworkid, children, c.id);
    }
  }
  const id = (idnumber: string) => ids.get(idnumber) ?? 0;

  const digital = await callMethod<{ id: number }>(ctx, 'core_competency_create_competency_framework', {
    competencyframework: {
      shortname: 'Digital competence',
      idnumber: 'DIGCOMP',
      description: '<p>The knowledge, skills and attitudes people need to use digital technology with confidence.</p>',
      scaleid: competence.id,
      scaleconfiguration: JSON.stringify([{ scaleid: competence.id }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]),
      taxonomies: 'domain,competency,indicator',
      contextlevel: 'system',
    },
  });
  await addTree(digital.id, DIGITAL, 0);
  const rule = (competencyid: number, ruleoutcome: number, ruletype: string, ruleconfig: string | null = null) =>
    callMethod(ctx, 'core_competency_update_competency', { competency: { id: competencyid, ruleoutcome, ruletype, ruleconfig } });
  // Information literacy completes when all three of its competencies do; "evaluating sources" needs 2 points, the first indicator required.
  await rule(id('DC-INFO'), 2, RULE_ALL);
  await rule(id('DC-INFO-2'), 3, RULE_POINTS, JSON.stringify({ base: { points: 2 }, competencies: [{ id: id('DC-INFO-2a'), points: 1, required: 1 }, { id: id('DC-INFO-2b'), points: 1, required: 0 }] }));
  await rule(id('DC-SAFE'), 1, RULE_ALL);
  for (const [a, b] of [
    ['DC-INFO-2', 'DC-SAFE-2'],
    ['DC-COMM-2', 'DC-INFO-3'],
  ] as const) {
    await callMethod(ctx, 'core_competency_add_related_competency', { competencyid: id(a), relatedcompetencyid: id(b) });
  }

  const teamwork = await callMethod<{ id: number }>(ctx, 'core_competency_create_competency_framework', {
    competencyframework: {
      shortname: 'Teamwork',
      idnumber: 'TEAMWORK',
      description: '<p>How well someone works with others on a shared task.</p>',
      scaleid: levels.id,
      scaleconfiguration: JSON.stringify([{ scaleid: levels.id }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 3, scaledefault: 0, proficient: 1 }, { id: 4, scaledefault: 0, proficient: 1 }]),
      taxonomies: 'skill',
      contextlevel: 'system',
    },
  });
  await addTree(teamwork.id, TEAMWORK, 0);
  await callMethod(ctx, 'core_competency_add_related_competency', { competencyid: id('TW-LISTEN'), relatedcompetencyid: id('TW-CONFLICT') });
  await addDemoPlans(platform, db, callMethod, id);
}
