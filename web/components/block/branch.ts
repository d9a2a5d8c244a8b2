import { NAV_BRANCH_URL, NAV_TYPE, SITE_ADMIN_BRANCH_URL, type NavNodeJson } from '../../../api/navigation';
import { AjaxError } from '../../platform/ajax';
import { config } from '../../platform/config';

type Failure = { error: string; errorcode: string; debuginfo?: string | null };

function isNode(value: unknown): value is NavNodeJson {
  return typeof value === 'object' && value !== null && 'key' in value && 'name' in value;
}

/**
 * Asks the server for one branch with its children: site administration (type 71) from its own
 * endpoint, every other branch from the navigation branch endpoint. The answer is the branch itself.
 */
export async function fetchBranch(node: NavNodeJson, elementid: string, instanceid: number): Promise<NavNodeJson> {
  const siteadmin = node.type === NAV_TYPE.SITE_ADMIN;
  const fields: Record<string, string> = siteadmin
    ? { type: String(NAV_TYPE.SITE_ADMIN), sesskey: config().sesskey }
    : { elementid, id: String(node.key), type: String(node.type ?? ''), sesskey: config().sesskey, instance: String(instanceid) };
  const response = await fetch(siteadmin ? SITE_ADMIN_BRANCH_URL : NAV_BRANCH_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    credentials: 'same-origin',
  });
  const answer: unknown = await response.json();
  if (isNode(answer)) return answer;
  const failure = answer as Partial<Failure> | null;
  throw new AjaxError({ message: failure?.error ?? 'missing response', errorcode: failure?.errorcode ?? 'invalidresponse', debuginfo: failure?.debuginfo ?? null });
}
