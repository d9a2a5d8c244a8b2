import { coreGetLanguageSettings, coreUpdateLanguageSettings, type LanguagePack } from '../../../api/lang';
import { defineMethod, type CallContext } from '../../ws/method';
import { getConfig } from '../config-store';
import { AppError } from '../errors';
import { changeSiteSetting, requireSiteConfig } from '../site-config';
import type { StringManager } from '../strings';
import { FALLBACK_LANG, SITE_LANG_SETTING } from './preference';

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
  await changeSiteSetting(ctx, system, SITE_LANG_SETTING, lang);
  return settings(ctx);
});

export const langMethods = [getLanguageSettings, updateLanguageSettings];
