import type { TestSite } from '../../test/site';
import { callAs, type Session } from '../tag/fixtures';

/** Calls one method and answers its data; throws with the exception when it fails. */
export async function ok<T>(site: TestSite, session: Session | null, methodname: string, args: unknown): Promise<T> {
  const answer = await callAs<T>(site, session, methodname, args);
  if (answer.error) throw new Error(`${methodname} failed: ${JSON.stringify(answer.exception)}`);
  return answer.data as T;
}

/** A multipart body with text fields and, optionally, one file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; filename: string; type: string; content: Buffer }) {
  const boundary = '----tessera-assign-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file into the session user's draft area; answers the route's JSON and status. */
export async function uploadDraft(site: TestSite, session: Session, itemid: number, filename: string, content: Buffer) {
  const body = multipartBody({ sesskey: session.sesskey, itemid: String(itemid), action: 'upload' }, { name: 'file', filename, type: 'application/octet-stream', content });
  const response = await site.app.inject({ method: 'POST', url: '/repository/draftfiles.php', headers: { ...body.headers, cookie: session.cookie }, payload: body.payload });
  return { status: response.statusCode, json: response.json<{ itemid: number; files: Array<{ filename: string; filesize: number }>; errorcode?: string }>() };
}

/** The form body the grader sends as jsonformdata: a JSON string holding the URL-encoded form. */
export function formData(fields: Record<string, string | number>): string {
  return JSON.stringify(new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString());
}

/** Default assignment settings for tests (points out of 10, online text and files, no dates). */
export function assignArgs(courseid: number, overrides: Record<string, unknown> = {}) {
  return {
    courseid,
    section: 1,
    name: 'Test assignment',
    intro: '<p>Write about cells.</p>',
    grade: 10,
    onlinetext_enabled: 1,
    file_enabled: 1,
    file_maxfiles: 2,
    file_maxsizebytes: 1024,
    ...overrides,
  };
}
