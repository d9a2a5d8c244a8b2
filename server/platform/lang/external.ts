import { coreGetLanguageSettings, coreUpdateLanguageSettings, type LanguagePack } from '../../../api/lang';
import { defineMethod, type CallContext } from '../../ws/method';
import { getSystemContext } from '../access/contexts';
import { getConfig, setConfig } from '../config-store';
import { AppError } from '../errors';
import { logContextEvent } from '../events';
import type { StringManager } from '../strings';
import { FALLBACK_LANG, SITE_LANG_SETTING } from './preference';

async function requireSiteConfig(ctx: CallContext) {
  const system = await getSystemContext(ctx.db);
  await ctx.access.requireCapability('moodle/site:config', system);
  return system;
}

/** Every installed pack with its direction and how much of English it translates. */
export function languagePacks(strings: StringManager): LanguagePack[] {
  return strings.languages().map((l) => ({ ...l, dir: strings.direction(l.code), ...strings.coverage(l.code) }));
}

async function settings(ctx: CallContext) {
  const stored = (await getConfig(ctx.db, SITE_LANG_SETTING)) || FALLBACK_LANG;
  return { lang: ctx.platform.strings.installedOr(stored), languages: languagePacks(ctx.platform.strings) };
}

const getLanguageSettings = defineMethod(coreGetLanguageSettings, async (ctx) => {
  await requireSiteConfig(ctx);
  return settings(ctx);
});

/** Users without a language of their own follow the new default from their next page on. */
const updateLanguageSettings = defineMethod(coreUpdateLanguageSettings, async (ctx, { lang }) => {
  const system = await requireSiteConfig(ctx);
  if (!ctx.platform.strings.isInstalled(lang)) throw new AppError('invalidlang', { a: lang, debuginfo: 'lang' });
  const old = await getConfig(ctx.db, SITE_LANG_SETTING);
  if (old !== lang) {
    await setConfig(ctx.db, SITE_LANG_SETTING, lang);
    await logContextEvent(ctx, system, {
      eventname: '\\core\\event\\config_log_created',
      component: 'core',
      action: 'created',
      target: 'config_log',
      objecttable: 'config',
      crud: 'c',
      other: { name: SITE_LANG_SETTING, oldvalue: old ?? null, value: lang, plugin: null },
    });
  }
  return settings(ctx);
});

export const langMethods = [getLanguageSettings, updateLanguageSettings];
