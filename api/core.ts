import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const stringParam = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
  value: z.union([z.string(), z.number()]).transform(String),
});

const stringId = z.string().regex(/^[A-Za-z][A-Za-z0-9_.:/-]*$/, 'a string identifier');

export const coreGetString = contract({
  name: 'core_get_string',
  component: 'core',
  description: 'Return one translated string, with its placeholders filled.',
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({
    stringid: stringId,
    component: z.string().default('moodle'),
    lang: z.string().nullable().default(null),
    stringparams: z.array(stringParam).default([]),
  }),
  returns: z.string(),
});

export const coreGetStrings = contract({
  name: 'core_get_strings',
  component: 'core',
  description: 'Return several translated strings in one call.',
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({
    strings: z.array(
      z.strictObject({
        stringid: stringId,
        component: z.string().default('moodle'),
        lang: z.string().nullable().default(null),
        stringparams: z.array(stringParam).default([]),
      }),
    ),
  }),
  returns: z.array(z.object({ stringid: z.string(), component: z.string(), lang: z.string(), string: z.string() })),
});

export const coreOutputLoadTemplate = contract({
  name: 'core_output_load_template',
  component: 'core',
  description: 'Return the source of a Mustache template, looked up in the theme first, then the component.',
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({
    component: z.string().regex(/^[a-z0-9_]+$/),
    template: z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/),
    themename: z.string().regex(/^[a-z0-9_]*$/),
    includecomments: wsBool.default(false),
  }),
  returns: z.string(),
});

export const notificationSchema = z.object({
  template: z.string(),
  variables: z.object({
    message: z.string(),
    extraclasses: z.string(),
    announce: z.boolean(),
    closebutton: z.boolean(),
  }),
});

export const coreFetchNotifications = contract({
  name: 'core_fetch_notifications',
  component: 'core',
  description: 'Return and empty the notifications queued for this session.',
  type: 'read',
  loginRequired: false,
  capabilities: [],
  args: z.strictObject({ contextid: wsInt }),
  returns: z.array(notificationSchema),
});

export const coreGetFragment = contract({
  name: 'core_get_fragment',
  component: 'core',
  description: "Render a fragment of a page through a component's fragment callback.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({
    component: z.string().regex(/^[a-z0-9_]+$/),
    callback: z.string().regex(/^[A-Za-z0-9_-]+$/),
    contextid: wsInt,
    args: z.array(z.strictObject({ name: z.string(), value: z.string() })).default([]),
  }),
  returns: z.object({ html: z.string(), javascript: z.string() }),
});

/** An in-place editable item as the server renders it; an item this user may not edit has only `displayvalue`. */
export const inplaceEditableSchema = z.object({
  displayvalue: z.string(),
  component: z.string().optional(),
  itemtype: z.string().optional(),
  itemid: z.string().optional(),
  value: z.string().optional(),
  edithint: z.string().optional(),
  editlabel: z.string().optional(),
  type: z.enum(['text', 'toggle', 'select']).optional(),
  options: z.string().optional(),
  linkeverything: z.number().optional(),
});

export const coreUpdateInplaceEditable = contract({
  name: 'core_update_inplace_editable',
  component: 'core',
  description:
    "Save a value edited in place: the component's callback for the item type checks the context and capabilities, saves, and the freshly rendered item is answered. With `oldvalue` (the value the editor started from), a save over someone else's change made meanwhile is refused with inplaceconflict and nothing changes.",
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({
    component: z.string().regex(/^[a-z0-9_]+$/),
    itemtype: z.string().regex(/^[a-z0-9_]+$/),
    itemid: wsInt,
    value: z.union([z.string(), z.number()]).transform(String),
    oldvalue: z.union([z.string(), z.number()]).transform(String).optional(),
  }),
  returns: inplaceEditableSchema,
});
