import { z } from 'zod';
import { contract } from './contract';

const COMPONENT = 'tool_templatelibrary';
const componentName = z.string().regex(/^[a-z0-9_]*$/, 'a component name');
const templateName = z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'a template name');

/** The library re-queries this long after the last keystroke or component change (spec §9). */
export const SEARCH_DEBOUNCE_MS = 400;
/** The marker before a template's example context in its documentation comment. */
export const EXAMPLE_MARKER = 'Example context (json):';

export const toolTemplatelibraryListTemplates = contract({
  name: 'tool_templatelibrary_list_templates',
  component: COMPONENT,
  description:
    'Every output template as component/name, sorted: of one component, or of all of them when component is empty. search keeps the names that contain it (case-sensitive). themename limits theme components to that theme.',
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({
    component: componentName.default(''),
    search: z.string().max(255).default(''),
    themename: componentName.default(''),
  }),
  returns: z.array(z.string()),
});

export const toolTemplatelibraryLoadCanonicalTemplate = contract({
  name: 'tool_templatelibrary_load_canonical_template',
  component: COMPONENT,
  description: "The source of a template as its component ships it, comments included, whatever a theme overrides; false when the component has no such template.",
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({ component: componentName.pipe(z.string().min(1)), template: templateName }),
  returns: z.union([z.string(), z.literal(false)]),
});

export const toolTemplatelibraryListThemeOverrides = contract({
  name: 'tool_templatelibrary_list_theme_overrides',
  component: COMPONENT,
  description: "The themes that replace a component's template with their own copy, each with its source, sorted by theme name.",
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({ component: componentName.pipe(z.string().min(1)), template: templateName }),
  returns: z.array(z.object({ themename: z.string(), source: z.string() })),
});
