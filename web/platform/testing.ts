/** Helpers for the web platform's unit tests, which answer the app's fetch calls themselves. */
import type { ClientConfig } from './config';

/** One call of a batch the ajax client posts to service.php. */
export interface BatchItem {
  index: number;
  methodname: string;
  args: unknown;
}

/** A page's M.cfg as the server sends it: an admin on a site with caching off, unless overridden. */
export function testPageConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    wwwroot: 'http://localhost',
    sesskey: 'abc',
    jsrev: -1,
    templaterev: -1,
    themerev: -1,
    userid: 2,
    theme: 'boost',
    sitename: 'Tessera',
    lang: 'en',
    timezone: 'UTC',
    developerdebug: false,
    user: { id: 2, fullname: 'Admin User', isadmin: true },
    notifications: [],
    ...overrides,
  };
}

/** The batch a mocked fetch was given. */
export function bodyOf(init: RequestInit | undefined): BatchItem[] {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '[]') as BatchItem[];
}
