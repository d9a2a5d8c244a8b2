import { createHash, randomBytes } from 'node:crypto';
import { hmacsign } from 'oauth-sign';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

/**
 * A small LTI tool for tests, on 127.0.0.1 only. Its OAuth 1.0 check is its own RFC 5849 code (not
 * the library Tessera signs with); it serves cartridges and records what it receives.
 */
export interface TestTool {
  url: string;
  received: Array<{ path: string; fields: Record<string, string> }>;
  /** The 1.1 secret the tool checks signatures with. */
  secret: string;
  /** Where the tool publishes its public key (register it as the tool's public keyset URL). */
  jwksUrl: string;
  /** Signs claims with the tool's own RS256 key (client assertions, deep-linking responses). */
  sign(claims: JWTPayload, lifetime?: number): Promise<string>;
  close(): Promise<void>;
}

export const CARTRIDGE = `<?xml version="1.0" encoding="UTF-8"?>
<cartridge_basiclti_link xmlns="http://www.imsglobal.org/xsd/imslticc_v1p0" xmlns:blti="http://www.imsglobal.org/xsd/imsbasiclti_v1p0" xmlns:lticm="http://www.imsglobal.org/xsd/imslticm_v1p0" xmlns:lticp="http://www.imsglobal.org/xsd/imslticp_v1p0">
  <blti:title>Example Quiz Tool</blti:title>
  <blti:description>Quizzes from the example tool</blti:description>
  <blti:custom><lticm:property name="chapter">$User.id</lticm:property></blti:custom>
  <blti:extensions platform="my.lms.com"><lticm:property name="icon_url">https://tool.example/icon.png</lticm:property></blti:extensions>
  <blti:launch_url>LAUNCH</blti:launch_url>
  <blti:secure_launch_url>https://tool.example/secure</blti:secure_launch_url>
  <blti:vendor><lticp:code>example</lticp:code><lticp:name>Example Inc.</lticp:name></blti:vendor>
</cartridge_basiclti_link>`;

/** RFC 3986 encoding as OAuth 1.0 wants it (for the Authorization header the tool writes). */
function enc(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Query and form fields as one parameter set, a repeated name keeping every value. */
function parameters(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of entries) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/**
 * Checks an OAuth 1.0 HMAC-SHA1 signature over a form POST to `url` (RFC 5849 §3.4). The tool signs and
 * verifies with oauth-sign, a library Tessera does not use (Tessera signs with oauth-1.0a), so a
 * mistake Tessera shares with its own library cannot pass unnoticed.
 */
export function verifyOAuth(url: string, fields: Record<string, string>, secret: string): boolean {
  const target = new URL(url);
  const params = parameters([...target.searchParams.entries(), ...Object.entries(fields).filter(([k]) => k !== 'oauth_signature')]);
  return hmacsign('POST', `${target.protocol}//${target.host}${target.pathname}`, params, secret) === fields.oauth_signature;
}

/** The `Authorization: OAuth …` header a tool sends with an outcome request (RFC 5849 with the body hash extension). */
export function signOutcome(url: string, key: string, secret: string, xml: string, nonce = randomBytes(8).toString('hex')): string {
  const params: Record<string, string> = {
    oauth_consumer_key: key,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    oauth_body_hash: createHash('sha1').update(xml).digest('base64'),
  };
  params.oauth_signature = hmacsign('POST', url, params, secret);
  return `OAuth ${Object.entries(params).map(([k, v]) => `${enc(k)}="${enc(v)}"`).join(', ')}`;
}

/**
 * The address of Tessera's LTI 1.3 authorization endpoint as a tool's browser reaches it after the
 * login initiation (`login` holds the initiation's fields): the standard OIDC request, with overrides.
 */
export function authRequestUrl(login: Record<string, string>, redirectUri: string, overrides: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: login.client_id ?? '',
    redirect_uri: redirectUri,
    login_hint: login.login_hint ?? '',
    lti_message_hint: login.lti_message_hint ?? '',
    nonce: 'nonce-123',
    state: 'state-abc',
    ...overrides,
  });
  return `/mod/lti/auth.php?${q.toString()}`;
}

/** A Basic Outcomes request body. */
export function poxRequest(operation: 'replaceResultRequest' | 'readResultRequest' | 'deleteResultRequest', sourcedid: string, score?: string): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const result = score === undefined ? '' : `<result><resultScore><language>en</language><textString>${esc(score)}</textString></resultScore></result>`;
  return `<?xml version="1.0" encoding="UTF-8"?><imsx_POXEnvelopeRequest xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0"><imsx_POXHeader><imsx_POXRequestHeaderInfo><imsx_version>V1.0</imsx_version><imsx_messageIdentifier>${randomBytes(4).toString('hex')}</imsx_messageIdentifier></imsx_POXRequestHeaderInfo></imsx_POXHeader><imsx_POXBody><${operation}><resultRecord><sourcedGUID><sourcedId>${esc(sourcedid)}</sourcedId></sourcedGUID>${result}</resultRecord></${operation}></imsx_POXBody></imsx_POXEnvelopeRequest>`;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function page(title: string, lines: string[]): string {
  return `<!doctype html><html lang="en"><head><title>${escapeText(title)}</title></head><body><h1>${escapeText(title)}</h1>${lines.map((l) => `<p>${escapeText(l)}</p>`).join('')}</body></html>`;
}

export interface TestToolOptions {
  secret?: string;
  /** Serve over https with this key and certificate (the browser tests' frames need https). */
  tls?: { key: string; cert: string };
}

/**
 * Besides cartridges and 1.1 launches (`POST /launch`), the tool does an LTI 1.3 launch: `/login`
 * sends the browser to the platform's authentication endpoint, and `POST /redirect` verifies the
 * id_token with jose against the platform's JWKS. `/register-ok` and `/register-fail` answer an LTI 2
 * registration request by sending the browser back with success or failure.
 */
export async function startTestTool(options: TestToolOptions = {}): Promise<TestTool> {
  const secret = options.secret ?? 'tool-secret';
  const received: TestTool['received'] = [];
  const pending = new Map<string, { nonce: string; iss: string; clientId: string }>();
  const pair = await generateKeyPair('RS256', { modulusLength: 2048 });
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-tool-key', alg: 'RS256', use: 'sig' };
  // Claims may bring their own iat and exp (to test expired tokens).
  const sign = (claims: JWTPayload, lifetime = 300) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-tool-key' });
    if (claims.iat === undefined) jwt.setIssuedAt();
    if (claims.exp === undefined) jwt.setExpirationTime(`${lifetime}s`);
    return jwt.sign(pair.privateKey);
  };
  let base = '';
  const handler: RequestListener = (request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      if (path === '/jwks') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
        return;
      }
      if (path === '/login') {
        const fields = request.method === 'POST' ? new URLSearchParams(await body(request)) : query;
        received.push({ path, fields: Object.fromEntries(fields) });
        const state = randomBytes(12).toString('hex');
        const nonce = randomBytes(12).toString('hex');
        const iss = fields.get('iss') ?? '';
        pending.set(state, { nonce, iss, clientId: fields.get('client_id') ?? '' });
        const auth = new URLSearchParams({
          scope: 'openid',
          response_type: 'id_token',
          response_mode: 'form_post',
          prompt: 'none',
          client_id: fields.get('client_id') ?? '',
          redirect_uri: `${base}/redirect`,
          login_hint: fields.get('login_hint') ?? '',
          lti_message_hint: fields.get('lti_message_hint') ?? '',
          nonce,
          state,
        });
        response.writeHead(302, { Location: `${iss}/mod/lti/auth.php?${auth.toString()}` }).end();
        return;
      }
      if (path === '/redirect' && request.method === 'POST') {
        const fields = Object.fromEntries(new URLSearchParams(await body(request)));
        received.push({ path, fields });
        const expected = pending.get(fields.state ?? '');
        pending.delete(fields.state ?? '');
        if (!expected || !fields.id_token) {
          response.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Test tool', ['not verified', fields.error ?? 'no token']));
          return;
        }
        try {
          const jwks = createRemoteJWKSet(new URL(`${expected.iss}/mod/lti/certs.php`));
          const { payload } = await jwtVerify(fields.id_token, jwks, { issuer: expected.iss, audience: expected.clientId });
          if (payload.nonce !== expected.nonce) throw new Error('nonce');
          const type = String(payload['https://purl.imsglobal.org/spec/lti/claim/message_type']);
          if (type === 'LtiDeepLinkingRequest') {
            // The teacher "chooses" content: the tool posts its signed answer back to the platform at once.
            const settings = payload[`${DL_CLAIM}deep_linking_settings`] as { deep_link_return_url: string };
            const jwt = await sign(deepLinkingClaims(payload, expected.clientId, chosenItem(base)));
            const html = `<!doctype html><html lang="en"><head><title>Test tool</title></head><body><h1>Choosing content</h1><form id="f" method="post" action="${escapeText(settings.deep_link_return_url).replace(/"/g, '&quot;')}"><input type="hidden" name="JWT" value="${jwt}"><button>Return</button></form><script>document.getElementById('f').submit();</script></body></html>`;
            response.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
            return;
          }
          response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Test tool', ['verified', `LTI 1.3 ${type}`, `Hello ${typeof payload.name === 'string' ? payload.name : (payload.sub ?? '')}`]));
        } catch (error) {
          response.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Test tool', ['not verified', error instanceof Error ? error.message : 'bad token']));
        }
        return;
      }
      if ((path === '/register-ok' || path === '/register-fail') && request.method === 'POST') {
        const fields = Object.fromEntries(new URLSearchParams(await body(request)));
        received.push({ path, fields });
        const back = new URL(fields.launch_presentation_return_url ?? '');
        if (path === '/register-ok') {
          // Reads what the platform offers, then registers one launchable resource with its tool proxy.
          const profile = (await (await fetch(fields.tc_profile_url ?? '')).json()) as { service_offered: Array<{ endpoint: string }> };
          const endpoint = profile.service_offered[0]?.endpoint ?? '';
          const proxy = JSON.stringify({
            lti_version: 'LTI-2p0',
            tool_profile: {
              product_instance: { product_info: { product_family: { code: 'notes', vendor: { code: 'example' } } } },
              base_url_choice: [{ default_base_url: base }],
              resource_handler: [{ resource_name: { default_value: `Shared notes ${fields.reg_key ?? ''}` }, message: [{ message_type: 'basic-lti-launch-request', path: '/launch', enabled_capability: ['User.id'] }] }],
            },
            security_contract: { shared_secret: secret },
          });
          await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/vnd.ims.lti.v2.toolproxy+json', authorization: signOutcome(endpoint, fields.reg_key ?? '', fields.reg_password ?? '', proxy) }, body: proxy });
          back.searchParams.set('status', 'success');
        }
        else {
          back.searchParams.set('status', 'failure');
          back.searchParams.set('lti_errormsg', 'The tool refused the <registration>');
        }
        response.writeHead(302, { Location: back.toString() }).end();
        return;
      }
      if (request.method === 'GET' && (path === '/cartridge.xml' || path === '/cartridge')) {
        response.writeHead(200, { 'Content-Type': 'application/xml' }).end(CARTRIDGE.replace('LAUNCH', `${base}/launch`));
        return;
      }
      if (request.method === 'GET' && path === '/doctype') {
        response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><cartridge_basiclti_link><launch_url>&e;</launch_url></cartridge_basiclti_link>');
        return;
      }
      if (request.method === 'GET' && path === '/page') {
        response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>not a cartridge</body></html>');
        return;
      }
      if (request.method === 'GET' && path === '/huge') {
        response.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<cartridge_basiclti_link>${'x'.repeat(400 * 1024)}</cartridge_basiclti_link>`);
        return;
      }
      if (request.method === 'POST') {
        const fields = Object.fromEntries(new URLSearchParams(await body(request)));
        received.push({ path, fields });
        const verified = path === '/launch' ? verifyOAuth(`${base}${request.url ?? ''}`, fields, secret) : false;
        response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Test tool', [verified ? 'verified' : 'not verified', `LTI 1.1 ${fields.lti_message_type ?? ''}`, `Hello ${fields.lis_person_name_full ?? fields.user_id ?? ''}`]));
        return;
      }
      response.writeHead(404).end();
    })();
  };
  const server: Server = options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, received, secret, jwksUrl: `${base}/jwks`, sign, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';

/** The claims of a deep-linking response answering a request's id_token with one resource link. */
export function deepLinkingClaims(request: JWTPayload, clientId: string, item: Record<string, unknown>): JWTPayload {
  const settings = (request[`${DL_CLAIM}deep_linking_settings`] ?? {}) as { data?: string };
  return {
    iss: clientId,
    aud: request.iss,
    nonce: randomBytes(12).toString('hex'),
    [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI_CLAIM}version`]: '1.3.0',
    [`${LTI_CLAIM}deployment_id`]: request[`${LTI_CLAIM}deployment_id`],
    [`${DL_CLAIM}content_items`]: [item],
    ...(settings.data ? { [`${DL_CLAIM}data`]: settings.data } : {}),
  };
}

/** The content item the test tool returns when a teacher chooses content. */
export function chosenItem(base: string): Record<string, unknown> {
  return { type: 'ltiResourceLink', title: 'Chapter 3 quiz', text: 'Ten questions on <cells>', url: `${base}/target?item=3`, custom: { chapter: '3' }, lineItem: { label: 'Chapter 3 quiz', scoreMaximum: 50 } };
}

/** The action and hidden fields of one of Tessera's auto-post pages. */
export function autoPostForm(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1]!)] = unescape(m[2]!);
  return { action, fields };
}
