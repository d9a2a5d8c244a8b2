import type { z } from 'zod';
import {
  CAP_SITE_CONFIG,
  COLOUR_PREFERENCE,
  themeEssentialGetCarousel,
  themeEssentialGetSettings,
  themeEssentialSaveSettings,
  themeEssentialSetColourScheme,
  type settingsSchema,
} from '../../../api/theme';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { setPreference } from '../../platform/preferences';
import { defineMethod, type CallContext } from '../../ws/method';
import { courseItemSearch } from './coursesearch';
import { claimRevision, isGuestUser, readSettings, writeSettings, type SiteThemeSettings, type StoredSlide } from './settings';
import { COMPONENT, removeSlideImage, slideImages, slideImageUrl, takeDraftImage } from './slideimages';

async function requireSiteConfig(ctx: CallContext) {
  const system = await getSystemContext(ctx.db);
  await ctx.access.requireCapability(CAP_SITE_CONFIG, system);
  return system;
}

async function settingsAnswer(ctx: CallContext, settings: SiteThemeSettings): Promise<z.input<typeof settingsSchema>> {
  const images = await slideImages(ctx.db, settings.slides.map((s) => s.id));
  const wwwroot = ctx.platform.config.wwwroot;
  return {
    ...settings,
    slides: settings.slides.map((slide) => {
      const image = images.get(slide.id);
      return { ...slide, imageurl: image ? slideImageUrl(wwwroot, slide.id, image) : '', imagename: image?.filename ?? '', imagesize: image?.filesize ?? 0 };
    }),
  };
}

const getCarousel = defineMethod(themeEssentialGetCarousel, async (ctx) => {
  const settings = await readSettings(ctx.db);
  const { slides } = await settingsAnswer(ctx, settings);
  return {
    slides: slides.map(({ id, title, caption, url, imageurl }) => ({ id, title, caption, url, imageurl })),
    slideinterval: settings.slideinterval,
    slideright: settings.slideright,
  };
});

const getSettings = defineMethod(themeEssentialGetSettings, async (ctx) => {
  await requireSiteConfig(ctx);
  return settingsAnswer(ctx, await readSettings(ctx.db));
});

const saveSettings = defineMethod(themeEssentialSaveSettings, async (ctx, args) => {
  const system = await requireSiteConfig(ctx);
  const revision = await claimRevision(ctx.db, args.revision);
  if (revision === null) throw new AppError('settingschanged', { component: COMPONENT, status: 409 });
  const before = await readSettings(ctx.db);
  const known = new Set(before.slides.map((s) => s.id));
  const kept = new Set<number>();
  let nextId = Math.max(0, ...before.slides.map((s) => s.id)) + 1;
  const slides: StoredSlide[] = [];
  for (const [index, input] of args.slides.entries()) {
    if (input.id !== 0 && (!known.has(input.id) || kept.has(input.id))) {
      throw new AppError('invalidparameter', { debuginfo: `slides[${index}].id ${input.id} is not a slide of the site` });
    }
    const id = input.id === 0 ? nextId++ : input.id;
    kept.add(id);
    if (input.image.action === 'replace') await takeDraftImage(ctx, input.image.draftitemid, id, `slides.${index}.image`);
    else if (input.image.action === 'remove') await removeSlideImage(ctx.db, id);
    slides.push({ id, title: input.title, caption: input.caption, url: input.url });
  }
  for (const slide of before.slides) if (!kept.has(slide.id)) await removeSlideImage(ctx.db, slide.id);
  const { revision: _given, slides: _input, ...values } = args;
  await writeSettings(ctx.db, { ...values, slides });
  await logContextEvent(ctx, system, {
    eventname: '\\theme_essential\\event\\settings_updated',
    component: COMPONENT,
    action: 'updated',
    target: 'settings',
    objecttable: 'config',
    objectid: 0,
    crud: 'u',
    other: { slides: slides.length },
  });
  return settingsAnswer(ctx, { ...values, slides, revision });
});

const setColourScheme = defineMethod(themeEssentialSetColourScheme, async (ctx, args) => {
  const user = ctx.user;
  if (!user) throw new AppError('requireloginerror', { status: 401 });
  // The guest account is shared by every visitor: one guest's choice would be everyone's.
  if (await isGuestUser(ctx.db, user.id)) throw new AppError('noguestcolours', { component: COMPONENT, status: 403 });
  const settings = await readSettings(ctx.db);
  if (!settings.colourswitcher) throw new AppError('colourswitcherdisabled', { component: COMPONENT, status: 403 });
  await setPreference(ctx.db, user.id, COLOUR_PREFERENCE, args.scheme);
  return { scheme: args.scheme };
});

export const themeMethods = [getCarousel, getSettings, saveSettings, setColourScheme, courseItemSearch];
