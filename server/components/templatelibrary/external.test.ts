import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateManager } from '../../platform/templates';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import type { ComponentDefinition } from '../../platform/component';
import { callAs, type Session } from '../tag/fixtures';

/** A theme component with templates of its own, to see which of them the library lists. */
function themeComponent(dir: string): ComponentDefinition {
  mkdirSync(join(dir, 'templates', 'local'), { recursive: true });
  mkdirSync(join(dir, 'templates', 'core'), { recursive: true });
  writeFileSync(join(dir, 'templates', 'carousel.mustache'), '<div id="essentialCarousel"></div>');
  writeFileSync(join(dir, 'templates', 'local', 'slide.mustache'), '<div class="slide"></div>');
  writeFileSync(join(dir, 'templates', 'core', 'notification_info.mustache'), '<div class="essential-info"></div>');
  return { name: 'theme_essential', dir };
}

describe.each(testDialects)('the template library methods on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let student: Session;
  const scratch = mkdtempSync(join(tmpdir(), 'tessera-templatelibrary-'));

  beforeAll(async () => {
    site = await createTestSite(dialect, [themeComponent(join(scratch, 'theme_essential'))]);
    // A themes folder where one theme replaces a core template.
    const themes = join(scratch, 'themes');
    mkdirSync(join(themes, 'classic', 'templates', 'core'), { recursive: true });
    mkdirSync(join(themes, 'plain'), { recursive: true });
    writeFileSync(join(themes, 'classic', 'templates', 'core', 'notification_success.mustache'), '{{! classic }}<p class="classic">{{message}}</p>');
    site.platform.templates = new TemplateManager(site.platform.components, themes);
    admin = await site.sessionFor(site.adminId);
    student = await site.sessionFor(await site.createUser('tlstudent'));
  });
  afterAll(async () => {
    await site?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const list = async (args: Record<string, unknown>, session: Session | null = admin) => {
    const answer = await callAs<string[]>(site, session, 'tool_templatelibrary_list_templates', args);
    if (answer.error) throw new Error(JSON.stringify(answer.exception));
    return answer.data ?? [];
  };

  it('lists every template as component/name, sorted, with theme templates only from local/', async () => {
    const all = await list({});
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(['core/notification_info', 'core/notification_success', 'core/login', 'theme_essential/carousel', 'theme_essential/local/slide']));
    expect(all).not.toContain('theme_essential/core/notification_info');
    expect(new Set(all).size).toBe(all.length);
  });

  it('filters by component, by theme, and by a case-sensitive part of the name', async () => {
    expect((await list({ component: 'core' })).every((t) => t.startsWith('core/'))).toBe(true);
    expect(await list({ component: 'core', search: 'notification_' })).toEqual(['core/notification_error', 'core/notification_info', 'core/notification_success', 'core/notification_warning']);
    expect(await list({ search: 'Notification' })).toEqual([]);
    expect(await list({ search: 'essential/car' })).toEqual(['theme_essential/carousel']);
    expect((await list({ themename: 'classic' })).some((t) => t.startsWith('theme_essential/'))).toBe(false);
    expect(await list({ component: 'mod_nothing' })).toEqual([]);
  });

  it('loads the component’s own source with its comments, whatever a theme replaces, or false', async () => {
    const source = await callAs<string | false>(site, null, 'tool_templatelibrary_load_canonical_template', { component: 'core', template: 'notification_success' });
    expect(source.data).toContain('@template core/notification_success');
    expect(source.data).toContain('alert-success');
    const missing = await callAs<string | false>(site, admin, 'tool_templatelibrary_load_canonical_template', { component: 'core', template: 'nothing_here' });
    expect(missing.data).toBe(false);
    const unknown = await callAs<string | false>(site, admin, 'tool_templatelibrary_load_canonical_template', { component: 'mod_nothing', template: 'x' });
    expect(unknown.data).toBe(false);
  });

  it('lists the themes that replace a template, with their source', async () => {
    const overrides = await callAs<Array<{ themename: string; source: string }>>(site, student, 'tool_templatelibrary_list_theme_overrides', { component: 'core', template: 'notification_success' });
    expect(overrides.data).toEqual([{ themename: 'classic', source: '{{! classic }}<p class="classic">{{message}}</p>' }]);
    const none = await callAs<unknown[]>(site, student, 'tool_templatelibrary_list_theme_overrides', { component: 'core', template: 'notification_info' });
    expect(none.data).toEqual([]);
  });

  it('refuses names that could leave the template folders', async () => {
    for (const args of [
      { component: 'core', template: '../../../package' },
      { component: '../core', template: 'login' },
      { component: 'core', template: 'a//b' },
    ]) {
      const answer = await callAs(site, admin, 'tool_templatelibrary_load_canonical_template', args);
      expect(answer.exception?.errorcode).toBe('invalidparameter');
    }
    const search = await callAs(site, admin, 'tool_templatelibrary_list_templates', { search: 'x'.repeat(300) });
    expect(search.exception?.errorcode).toBe('invalidparameter');
  });

  it('guards the library page with moodle/site:config', async () => {
    const page = (session: Session) => site.app.inject({ method: 'GET', url: '/admin/tool/templatelibrary/index.php', headers: { cookie: session.cookie, accept: 'text/html' } });
    expect((await page(admin)).statusCode).toBe(200);
    expect((await page(student)).statusCode).toBe(403);
  });
});
