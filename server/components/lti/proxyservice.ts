import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { randomToken } from '../../platform/session';
import { oauthHeader, verifySignedBody } from './oauthverify';
import { PROXY_STATE_PENDING } from './proxies';
import { toolDomain } from './tooltypes';

export const PROFILE_PATH = '/mod/lti/services.php/profile';
export const TOOLPROXY_PATH = '/mod/lti/services.php/toolproxy';
const PROXY_MEDIA = 'application/vnd.ims.lti.v2.toolproxy+json';

/** The tool consumer profile a registering tool reads (lti.md §4 step 3): what this site offers the proxy. */
export async function consumerProfile(db: Kysely<DB>, wwwroot: string, guid: string): Promise<Record<string, unknown> | undefined> {
  const proxy = await db.selectFrom('lti_tool_proxies').select(['guid', 'capabilityoffered', 'serviceoffered']).where('guid', '=', guid).where('state', '=', PROXY_STATE_PENDING).executeTakeFirst();
  if (!proxy) return undefined;
  const id = `${wwwroot}${PROFILE_PATH}/${proxy.guid}`;
  return {
    '@context': ['http://purl.imsglobal.org/ctx/lti/v2/ToolConsumerProfile'],
    '@type': 'ToolConsumerProfile',
    '@id': id,
    lti_version: 'LTI-2p0',
    guid: proxy.guid,
    product_instance: {
      guid: new URL(wwwroot).hostname,
      product_info: { product_name: { default_value: 'Tessera' }, product_version: '1', product_family: { code: 'tessera', vendor: { code: 'tessera', vendor_name: { default_value: 'Tessera' } } } },
    },
    capability_offered: proxy.capabilityoffered.split('\n').filter(Boolean),
    service_offered: [{ '@type': 'RestService', '@id': `${id}#ToolProxy.collection`, endpoint: `${wwwroot}${TOOLPROXY_PATH}`, format: [PROXY_MEDIA], action: ['POST'] }],
  };
}

interface Handler {
  resource_name?: { default_value?: unknown };
  description?: { default_value?: unknown };
  message?: Array<{ message_type?: unknown; path?: unknown; enabled_capability?: unknown; parameter?: Array<{ name?: unknown; variable?: unknown; fixed?: unknown }> }>;
}

/** The value at a path of nested objects, or undefined. */
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[key] : undefined), node);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * A tool's tool proxy (lti.md §4 step 4): signed with the registration key and password and a body
 * hash; everything it asks for must have been offered. Stores the proxy, takes its shared secret, and
 * makes a pending tool type for each launchable resource handler. Answers the HTTP status and body.
 */
export async function receiveToolProxy(db: Kysely<DB>, wwwroot: string, authorization: string | undefined, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const refuse = (status: number, error: string) => ({ status, body: { error } });
  const oauth = oauthHeader(authorization);
  const proxy = oauth ? await db.selectFrom('lti_tool_proxies').selectAll().where('guid', '=', oauth.oauth_consumer_key ?? '').where('state', '=', PROXY_STATE_PENDING).executeTakeFirst() : undefined;
  if (!oauth || !proxy) return refuse(401, 'Unknown registration key');
  const problem = await verifySignedBody(db, `${wwwroot}${TOOLPROXY_PATH}`, oauth, body, proxy.guid, proxy.secret);
  if (problem) return refuse(401, problem);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return refuse(400, 'The tool proxy is not JSON');
  }
  const profile = (doc.tool_profile ?? {}) as Record<string, unknown>;
  const vendor = str(at(profile, 'product_instance', 'product_info', 'product_family', 'vendor', 'code'));
  const secret = str(at(doc, 'security_contract', 'shared_secret'));
  const handlers = (Array.isArray(profile.resource_handler) ? profile.resource_handler : []) as Handler[];
  const base = str(at(Array.isArray(profile.base_url_choice) ? profile.base_url_choice[0] : undefined, 'default_base_url'));
  if (!vendor || !secret || handlers.length === 0 || !URL.canParse(base)) return refuse(400, 'The tool proxy needs a vendor code, a shared secret, a base URL and resource handlers');
  const offered = new Set(proxy.capabilityoffered.split('\n').filter(Boolean));
  const launchable: Array<{ name: string; description: string; url: string; capabilities: string[]; parameters: string[] }> = [];
  for (const handler of handlers) {
    for (const message of handler.message ?? []) {
      const type = str(message.message_type);
      const capabilities = strings(message.enabled_capability);
      const parameters = (message.parameter ?? []).map((p) => (str(p.variable) ? `${str(p.name)}=$${str(p.variable)}` : `${str(p.name)}=${str(p.fixed)}`));
      const variables = (message.parameter ?? []).map((p) => str(p.variable)).filter(Boolean);
      if (!offered.has(type) || [...capabilities, ...variables].some((c) => !offered.has(c))) return refuse(400, 'Invalid Capabilities');
      const url = new URL(str(message.path).replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).toString();
      if (type === 'basic-lti-launch-request') launchable.push({ name: str(handler.resource_name?.default_value) || vendor, description: str(handler.description?.default_value), url, capabilities, parameters });
    }
  }
  if (launchable.length === 0) return refuse(400, 'The tool proxy has no launchable resource handler');
  const t = now();
  for (const l of launchable) {
    await db
      .insertInto('lti_types')
      .values({
        name: l.name.slice(0, 255),
        description: l.description,
        baseurl: l.url,
        tooldomain: toolDomain(l.url),
        state: 2,
        ltiversion: 'LTI-2p0',
        toolproxyid: proxy.id,
        enabledcapability: l.capabilities.join('\n'),
        parameter: l.parameters.join('\n'),
        resourcekey: proxy.guid,
        password: secret,
        servicesalt: randomToken(16).slice(0, 20),
        createdby: proxy.createdby,
        timecreated: t,
        timemodified: t,
      })
      .execute();
  }
  await db.updateTable('lti_tool_proxies').set({ vendorcode: vendor.slice(0, 255), secret: secret.slice(0, 255), toolproxy: body, timemodified: t }).where('id', '=', proxy.id).execute();
  return {
    status: 201,
    body: { '@context': 'http://purl.imsglobal.org/ctx/lti/v2/ToolProxyId', '@type': 'ToolProxy', '@id': `${wwwroot}${TOOLPROXY_PATH}/${proxy.guid}`, tool_proxy_guid: proxy.guid },
  };
}
