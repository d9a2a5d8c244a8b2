import { AjaxError } from '../../platform/ajax';
import { config } from '../../platform/config';

export type OverrideAction = 'allow' | 'prevent' | 'prohibit' | 'unprohibit';

/** The whole-request error object the endpoint answers (§1.4). */
interface RequestFailure {
  error: string;
  errorcode: string;
  debuginfo?: string | null;
  stacktrace?: string | null;
}

function isFailure(value: unknown): value is RequestFailure {
  return typeof value === 'object' && value !== null && typeof (value as RequestFailure).errorcode === 'string' && typeof (value as RequestFailure).error === 'string';
}

/** POSTs form fields with the sesskey to /admin/roles/ajax.php; its error object becomes an AjaxError. */
async function post(fields: Record<string, string | number>): Promise<unknown> {
  const body = new URLSearchParams(Object.entries({ ...fields, sesskey: config().sesskey }).map(([k, v]) => [k, String(v)]));
  const response = await fetch('/admin/roles/ajax.php', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    credentials: 'same-origin',
  });
  const answer: unknown = await response.json();
  if (isFailure(answer)) throw new AjaxError({ message: answer.error, errorcode: answer.errorcode, debuginfo: answer.debuginfo, backtrace: answer.stacktrace });
  return answer;
}

/** Changes one role's permission for a capability in a context, as the permission manager does. */
export async function changePermission(contextid: number, roleid: number, capability: string, action: OverrideAction): Promise<void> {
  const answer = await post({ contextid, roleid, capability, action });
  if (answer !== action) throw new AjaxError({ message: String(answer), errorcode: 'invalidresponse' });
}
