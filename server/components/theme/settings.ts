import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  COLOUR_SCHEMES,
  DEFAULT_NAVBAR_SCROLL_UP_PX,
  DEFAULT_SLIDE_INTERVAL_MS,
  MAX_NAVBAR_SCROLL_UP_PX,
  MAX_SLIDE_INTERVAL_MS,
  MIN_NAVBAR_SCROLL_UP_PX,
  MIN_SLIDE_INTERVAL_MS,
  colourSchemeSchema,
  type ColourScheme,
} from '../../../api/theme';
import type { DB } from '../../db/schema';
import { getConfig, getConfigs, setConfig } from '../../platform/config-store';

/** Site settings live in the config table under the theme's prefix. */
const PREFIX = 'theme_essential_';
export const SETTING = {
  slideinterval: `${PREFIX}slideinterval`,
  slideright: `${PREFIX}slideright`,
  oldnavbar: `${PREFIX}oldnavbar`,
  navbarscrollupamount: `${PREFIX}navbarscrollupamount`,
  defaultcolours: `${PREFIX}defaultcolours`,
  colourswitcher: `${PREFIX}colourswitcher`,
  slides: `${PREFIX}slides`,
  revision: `${PREFIX}revision`,
} as const;

/** A stored slide: its texts and link. Its image is a file in the slide image area, by slide id. */
export const storedSlideSchema = z.object({
  id: z.number().int().min(1),
  title: z.string(),
  caption: z.string(),
  url: z.string(),
});
export type StoredSlide = z.infer<typeof storedSlideSchema>;

export interface SiteThemeSettings {
  slideinterval: number;
  slideright: boolean;
  oldnavbar: boolean;
  navbarscrollupamount: number;
  defaultcolours: ColourScheme;
  colourswitcher: boolean;
  revision: number;
  slides: StoredSlide[];
}

function intSetting(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function boolSetting(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === '1';
}

/** The slides as stored; a damaged value reads as no slides rather than breaking every page. */
function parseSlides(value: string | undefined): StoredSlide[] {
  if (!value) return [];
  try {
    const parsed = z.array(storedSlideSchema).safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Every theme setting in one query, with the defaults for those never saved. */
export async function readSettings(db: Kysely<DB>): Promise<SiteThemeSettings> {
  const values = await getConfigs(db, Object.values(SETTING));
  const scheme = colourSchemeSchema.safeParse(values.get(SETTING.defaultcolours));
  return {
    slideinterval: intSetting(values.get(SETTING.slideinterval), DEFAULT_SLIDE_INTERVAL_MS, MIN_SLIDE_INTERVAL_MS, MAX_SLIDE_INTERVAL_MS),
    slideright: boolSetting(values.get(SETTING.slideright), false),
    oldnavbar: boolSetting(values.get(SETTING.oldnavbar), false),
    navbarscrollupamount: intSetting(values.get(SETTING.navbarscrollupamount), DEFAULT_NAVBAR_SCROLL_UP_PX, MIN_NAVBAR_SCROLL_UP_PX, MAX_NAVBAR_SCROLL_UP_PX),
    defaultcolours: scheme.success ? scheme.data : 'default',
    colourswitcher: boolSetting(values.get(SETTING.colourswitcher), true),
    revision: intSetting(values.get(SETTING.revision), 0, 0, Number.MAX_SAFE_INTEGER),
    slides: parseSlides(values.get(SETTING.slides)),
  };
}

/**
 * Moves the settings revision from `expected` to the next one, or answers false when someone saved
 * in between. One conditional UPDATE: on PostgreSQL a concurrent save waits for the first one's row
 * lock and then finds the value changed, so exactly one of two racing saves wins.
 */
export async function claimRevision(db: Kysely<DB>, expected: number): Promise<number | null> {
  await db.insertInto('config').values({ name: SETTING.revision, value: '0' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const next = expected + 1;
  const result = await db.updateTable('config').set({ value: String(next) }).where('name', '=', SETTING.revision).where('value', '=', String(expected)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? next : null;
}

export async function writeSettings(db: Kysely<DB>, values: Omit<SiteThemeSettings, 'revision'>): Promise<void> {
  await setConfig(db, SETTING.slideinterval, String(values.slideinterval));
  await setConfig(db, SETTING.slideright, values.slideright ? '1' : '0');
  await setConfig(db, SETTING.oldnavbar, values.oldnavbar ? '1' : '0');
  await setConfig(db, SETTING.navbarscrollupamount, String(values.navbarscrollupamount));
  await setConfig(db, SETTING.defaultcolours, values.defaultcolours);
  await setConfig(db, SETTING.colourswitcher, values.colourswitcher ? '1' : '0');
  await setConfig(db, SETTING.slides, JSON.stringify(values.slides));
}

/** The scheme a user sees: their own choice while the switcher is on, else the site default. */
export function effectiveScheme(settings: Pick<SiteThemeSettings, 'colourswitcher' | 'defaultcolours'>, chosen: string | undefined): ColourScheme {
  if (settings.colourswitcher && chosen && (COLOUR_SCHEMES as readonly string[]).includes(chosen)) return chosen as ColourScheme;
  return settings.defaultcolours;
}

/** Whether the user is the site's guest account. */
export async function isGuestUser(db: Kysely<DB>, userid: number): Promise<boolean> {
  return userid > 0 && userid === Number((await getConfig(db, 'siteguest')) ?? 0);
}
