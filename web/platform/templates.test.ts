import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from './config';
import { bodyOf, testPageConfig, type BatchItem } from './testing';

interface StringsArgs {
  strings: Array<{ stringid: string; component: string }>;
}

interface TemplateArgs {
  component: string;
  template: string;
  themename: string;
}


type Answer = { error: false; data: unknown } | { error: true; exception: { message: string; errorcode: string } };

/** Serves templates and strings from the given tables; a missing template is an exception. */
function stubServer(templates: Record<string, string>, strings: Record<string, string>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const answer = bodyOf(init).map((item): Answer => {
      if (item.methodname === 'core_output_load_template') {
        const { component, template } = item.args as TemplateArgs;
        const source = templates[`${component}/${template}`];
        return source === undefined ? { error: true, exception: { message: `Template ${component}/${template} not found`, errorcode: 'templatenotfound' } } : { error: false, data: source };
      }
      if (item.methodname === 'core_get_strings') {
        const { strings: wanted } = item.args as StringsArgs;
        return { error: false, data: wanted.map((s) => ({ stringid: s.stringid, component: s.component, string: strings[`${s.stringid}/${s.component}`] ?? `[[${s.stringid}]]` })) };
      }
      return { error: true, exception: { message: 'unknown method', errorcode: 'invalidrecord' } };
    });
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
}

function methodsSent(fetchSpy: ReturnType<typeof stubServer>): BatchItem[] {
  return fetchSpy.mock.calls.flatMap(([, init]) => bodyOf(init));
}

async function freshTemplates(cfg: Partial<ClientConfig> = {}) {
  window.M = { cfg: testPageConfig(cfg) };
  vi.resetModules();
  return import('./templates');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.M;
});

describe('renderTemplate', () => {
  it('fills a str parameter from the context, escaped once and with its inner spaces kept', async () => {
    const { renderTemplate } = await freshTemplates();
    stubServer({ 'core/ask': '<p>{{#str}}deletecheck, moodle, {{name}}{{/str}}</p>' }, { 'deletecheck/moodle': 'Delete {$a}?' });
    const html = await renderTemplate('core/ask', { name: 'R&D, Smith' });
    expect(html).toBe('<p>Delete R&amp;D, Smith?</p>');
  });

  const templates = {
    'core/main': '<div class="main">{{message}}</div>{{> core/other}}<button>{{#str}}close, moodle{{/str}}</button>',
    'core/other': '<span class="other">{{message}} again</span>',
  };

  it('renders the template with its context, its partials and its strings', async () => {
    const { renderTemplate } = await freshTemplates();
    const fetchSpy = stubServer(templates, { 'close/moodle': 'Close <b>now</b>' });
    const html = await renderTemplate('core/main', { message: 'Tom & Jerry' });
    expect(html).toBe('<div class="main">Tom &amp; Jerry</div><span class="other">Tom &amp; Jerry again</span><button>Close <b>now</b></button>');

    const sent = methodsSent(fetchSpy);
    expect(sent.filter((m) => m.methodname === 'core_output_load_template').map((m) => m.args)).toEqual([
      { component: 'core', template: 'main', themename: 'boost' },
      { component: 'core', template: 'other', themename: 'boost' },
    ]);
    expect(sent.filter((m) => m.methodname === 'core_get_strings').flatMap((m) => (m.args as StringsArgs).strings.map((s) => `${s.stringid}/${s.component}`))).toEqual(['close/moodle']);
  });

  it('fills a str helper parameter', async () => {
    const { renderTemplate } = await freshTemplates();
    stubServer({ 'core/greet': '<p>{{#str}}deletecheck, core_tag, {{name}}{{/str}}</p>' }, { 'deletecheck/core_tag': 'Delete {$a}?' });
    expect(await renderTemplate('core/greet', { name: 'maths' })).toBe('<p>Delete maths?</p>');
  });

  it('loads a template only once for repeated renders', async () => {
    const { renderTemplate } = await freshTemplates();
    const fetchSpy = stubServer(templates, { 'close/moodle': 'Close' });
    await renderTemplate('core/main', { message: 'a' });
    const calls = fetchSpy.mock.calls.length;
    expect(await renderTemplate('core/main', { message: 'b' })).toBe('<div class="main">b</div><span class="other">b again</span><button>Close</button>');
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('rejects with "Failed to pre-fetch the template" when the template cannot be loaded', async () => {
    const { renderTemplate } = await freshTemplates();
    stubServer({}, {});
    const failure = renderTemplate('core/missing', { message: 'x' });
    await expect(failure).rejects.toThrow(Error);
    await expect(failure).rejects.toThrow(/^Failed to pre-fetch the template$/);
    await expect(failure).rejects.toMatchObject({ cause: { errorcode: 'templatenotfound' } });
  });

  it('rejects when a partial cannot be loaded', async () => {
    const { renderTemplate } = await freshTemplates();
    stubServer({ 'core/main': '<div>{{> core/gone}}</div>' }, {});
    await expect(renderTemplate('core/main', {})).rejects.toThrow('Failed to pre-fetch the template');
  });

  it('uses the cached failedtoprefetch string for the message when there is one', async () => {
    const { renderTemplate } = await freshTemplates();
    const { getString } = await import('./strings');
    stubServer({}, { 'failedtoprefetch/moodle': 'Could not load the template' });
    await getString('failedtoprefetch');
    await expect(renderTemplate('core/missing', {})).rejects.toThrow('Could not load the template');
  });

  it('keeps templates in localStorage when templaterev is set', async () => {
    const first = await freshTemplates({ templaterev: 7, jsrev: 5 });
    const fetchSpy = stubServer(templates, { 'close/moodle': 'Close' });
    await first.renderTemplate('core/main', { message: 'a' });
    const calls = fetchSpy.mock.calls.length;
    expect(calls).toBeGreaterThan(0);

    const second = await freshTemplates({ templaterev: 7, jsrev: 5 });
    expect(await second.renderTemplate('core/main', { message: 'b' })).toBe('<div class="main">b</div><span class="other">b again</span><button>Close</button>');
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('fetches templates again on a fresh page when templaterev is -1', async () => {
    const first = await freshTemplates({ templaterev: -1, jsrev: 5 });
    const fetchSpy = stubServer(templates, { 'close/moodle': 'Close' });
    await first.renderTemplate('core/main', { message: 'a' });
    const loads = () => methodsSent(fetchSpy).filter((m) => m.methodname === 'core_output_load_template').length;
    expect(loads()).toBe(2);

    const second = await freshTemplates({ templaterev: -1, jsrev: 5 });
    await second.renderTemplate('core/main', { message: 'b' });
    expect(loads()).toBe(4);
  });
});
