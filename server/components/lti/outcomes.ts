import { createHash, randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { gradeItemDelete, gradeItemUpdate, gradeUpdate, GRADE_TYPE_VALUE } from '../grades/service';
import type { LtiRow } from './launch';
import { oauthHeader, same, verifySignedBody } from './oauthverify';
import type { ToolTypeRow } from './tooltypes';

export const OUTCOMES_PATH = '/mod/lti/service.php';

/** Whether the tool of this activity may send grades: the tool's rule, or the teacher's choice when the tool leaves it to them. */
export function acceptsGrades(lti: Pick<LtiRow, 'instructorchoiceacceptgrades'>, type: Pick<ToolTypeRow, 'acceptgrades'> | undefined): boolean {
  if (!type || type.acceptgrades === 2) return lti.instructorchoiceacceptgrades === 1;
  return type.acceptgrades === 1;
}

/** Keeps the activity's grade item in step with whether its tool sends grades. */
export async function syncGradeItem(db: Kysely<DB>, lti: LtiRow, cmid: number): Promise<void> {
  const type = lti.typeid ? await db.selectFrom('lti_types').select('acceptgrades').where('id', '=', lti.typeid).executeTakeFirst() : undefined;
  if (!acceptsGrades(lti, type)) {
    await gradeItemDelete(db, 'lti', lti.id);
    return;
  }
  await gradeItemUpdate(db, { courseid: lti.course, itemmodule: 'lti', iteminstance: lti.id, cmid, itemname: lti.name, gradetype: GRADE_TYPE_VALUE, grademax: lti.grade, grademin: 0, scaleid: null });
}

interface SourcedData {
  instanceid: number;
  userid: number;
  typeid: number;
  launchid: string;
}

function sourcedHash(data: SourcedData, salt: string): string {
  return createHash('sha256').update(JSON.stringify(data) + salt).digest('hex');
}

/** An unforgeable result sourcedid: the activity, user and tool, with a hash salted by the activity's secret salt. */
export function resultSourcedId(lti: LtiRow, userid: number): string {
  const data: SourcedData = { instanceid: lti.id, userid, typeid: lti.typeid, launchid: randomBytes(8).toString('hex') };
  return JSON.stringify({ data, hash: sourcedHash(data, lti.servicesalt) });
}

function parseSourcedId(value: string): (SourcedData & { hash: string }) | undefined {
  try {
    const parsed = JSON.parse(value) as { data?: SourcedData; hash?: unknown };
    const d = parsed.data;
    if (!d || typeof parsed.hash !== 'string' || !Number.isInteger(d.instanceid) || !Number.isInteger(d.userid) || !Number.isInteger(d.typeid) || typeof d.launchid !== 'string') return undefined;
    return { instanceid: d.instanceid, userid: d.userid, typeid: d.typeid, launchid: d.launchid, hash: parsed.hash };
  } catch {
    return undefined;
  }
}

const enc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An imsx_POXEnvelopeResponse (lti.md §1.5); failures are valid answers too. */
function poxResponse(codeMajor: 'success' | 'failure' | 'unsupported', description: string, messageRef: string, operation: string, body = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<imsx_POXEnvelopeResponse xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0">
  <imsx_POXHeader><imsx_POXResponseHeaderInfo>
    <imsx_version>V1.0</imsx_version>
    <imsx_messageIdentifier>${randomBytes(8).toString('hex')}</imsx_messageIdentifier>
    <imsx_statusInfo>
      <imsx_codeMajor>${codeMajor}</imsx_codeMajor>
      <imsx_severity>${codeMajor === 'success' ? 'status' : 'error'}</imsx_severity>
      <imsx_description>${enc(description)}</imsx_description>
      <imsx_messageRefIdentifier>${enc(messageRef)}</imsx_messageRefIdentifier>
      <imsx_operationRefIdentifier>${enc(operation)}</imsx_operationRefIdentifier>
    </imsx_statusInfo>
  </imsx_POXResponseHeaderInfo></imsx_POXHeader>
  <imsx_POXBody>${body || (operation ? `<${operation.replace('Request', 'Response')}/>` : '')}</imsx_POXBody>
</imsx_POXEnvelopeResponse>`;
}

const parser = new XMLParser({ removeNSPrefix: true, processEntities: false, parseTagValue: false, ignoreAttributes: true });

type Pox = Record<string, unknown>;
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Pox)[key] : undefined), node);
const text = (node: unknown): string => (typeof node === 'string' ? node : '');

/**
 * Basic Outcomes (LTI 1.1 POX): checks the OAuth signature with the body hash, the timestamp and the
 * nonce, then the sourcedid's salted hash; replaces, reads or deletes the learner's grade. Answers the
 * response XML (failures included).
 */
export async function handleOutcome(db: Kysely<DB>, wwwroot: string, authorization: string | undefined, body: string): Promise<string> {
  if (/<!DOCTYPE/i.test(body)) return poxResponse('failure', 'A DOCTYPE is not allowed', '', '');
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch {
    return poxResponse('failure', 'The request is not XML', '', '');
  }
  const envelope = at(doc, 'imsx_POXEnvelopeRequest');
  const messageRef = text(at(envelope, 'imsx_POXHeader', 'imsx_POXRequestHeaderInfo', 'imsx_messageIdentifier'));
  const poxBody = at(envelope, 'imsx_POXBody');
  const operation = poxBody && typeof poxBody === 'object' ? (Object.keys(poxBody)[0] ?? '') : '';
  const fail = (why: string) => poxResponse('failure', why, messageRef, operation);
  if (!['replaceResultRequest', 'readResultRequest', 'deleteResultRequest'].includes(operation)) return poxResponse('unsupported', `${operation || 'The operation'} is not supported`, messageRef, operation);

  const record = at(poxBody, operation, 'resultRecord');
  const sourced = parseSourcedId(text(at(record, 'sourcedGUID', 'sourcedId')));
  if (!sourced) return fail('Invalid sourcedid');
  const lti = await db.selectFrom('lti').selectAll().where('id', '=', sourced.instanceid).executeTakeFirst();
  const { hash, ...data } = sourced;
  if (!lti || lti.typeid !== data.typeid || !same(sourcedHash(data, lti.servicesalt), hash)) return fail('Invalid sourcedid');
  const type = lti.typeid ? await db.selectFrom('lti_types').selectAll().where('id', '=', lti.typeid).executeTakeFirst() : undefined;
  if (!acceptsGrades(lti, type)) return fail('This activity does not accept grades');
  const key = type ? type.resourcekey : lti.resourcekey;
  const secret = type ? type.password : lti.password;

  const oauth = oauthHeader(authorization);
  const problem = oauth ? await verifySignedBody(db, `${wwwroot}${OUTCOMES_PATH}`, oauth, body, key, secret) : 'Missing OAuth header';
  if (problem) return fail(problem);

  const item = await db.selectFrom('grade_items').select(['id', 'grademax']).where('itemmodule', '=', 'lti').where('iteminstance', '=', lti.id).where('itemnumber', '=', 0).executeTakeFirst();
  if (!item) return fail('The activity has no grade item');
  const grade = (rawgrade: number | null) => gradeUpdate(db, item.id, [{ userid: data.userid, rawgrade, feedback: null, feedbackformat: 0, usermodified: data.userid, dategraded: rawgrade === null ? null : now(), datesubmitted: null }]);
  if (operation === 'replaceResultRequest') {
    const score = text(at(record, 'result', 'resultScore', 'textString')).trim();
    const value = /^\d+(\.\d+)?$/.test(score) ? Number(score) : NaN;
    if (!(value >= 0 && value <= 1)) return fail('The score must be a decimal from 0.0 to 1.0');
    await grade(value * Number(item.grademax));
    return poxResponse('success', `Score for ${data.userid} is now ${value}`, messageRef, operation);
  }
  if (operation === 'deleteResultRequest') {
    await grade(null);
    return poxResponse('success', `Score for ${data.userid} deleted`, messageRef, operation);
  }
  const row = await db.selectFrom('grade_grades').select('finalgrade').where('itemid', '=', item.id).where('userid', '=', data.userid).executeTakeFirst();
  const score = row?.finalgrade === null || row?.finalgrade === undefined ? '' : String(Number(row.finalgrade) / Number(item.grademax));
  return poxResponse('success', 'Result read', messageRef, operation, `<readResultResponse><result><resultScore><language>en</language><textString>${score}</textString></resultScore></result></readResultResponse>`);
}
