import { z } from 'zod';
import { contract } from './contract';

/** An installed language pack and how much of the English pack it translates. */
export const languagePackSchema = z.object({
  /** The pack's code (`en`, `es`, `pt_br`). */
  code: z.string(),
  /** The language's name in itself (`Español`). */
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  /** String ids in the English packs of every component. */
  strings: z.number().int(),
  /** Of those, the ids this pack translates; the rest are shown in English. */
  translated: z.number().int(),
});
export type LanguagePack = z.output<typeof languagePackSchema>;

const languageSettingsSchema = z.object({
  /** The site's default language: for visitors and for users without a preference of their own. */
  lang: z.string(),
  languages: z.array(languagePackSchema),
});

export const coreGetLanguageSettings = contract({
  name: 'core_get_language_settings',
  component: 'core',
  description:
    "The site's language settings: the default language (for the login page, visitors and users whose own language is empty) and every installed language pack with how many of the English strings it translates. Needs moodle/site:config.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:config'],
  args: z.strictObject({}),
  returns: languageSettingsSchema,
});

export const coreUpdateLanguageSettings = contract({
  name: 'core_update_language_settings',
  component: 'core',
  description:
    "Sets the site's default language to one of the installed packs; a language that is not installed is refused (invalidlang) and nothing changes. Users who chose a language of their own keep it. Needs moodle/site:config.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/site:config'],
  args: z.strictObject({ lang: z.string().regex(/^[a-z_]{1,30}$/, 'a language code') }),
  returns: languageSettingsSchema,
});
