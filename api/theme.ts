import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const COMPONENT = 'theme_essential';
/** The theme's name: the colour-scheme preference and the HTML attributes are named after it. */
export const THEME_NAME = 'essential';
export const CAP_SITE_CONFIG = 'moodle/site:config';

/** Colour schemes a user may choose (spec §9); each is a set of design-token values in theme.css. */
export const COLOUR_SCHEMES = ['default', 'alternative1', 'alternative2', 'alternative3', 'alternative4'] as const;
export const colourSchemeSchema = z.enum(COLOUR_SCHEMES);
export type ColourScheme = z.infer<typeof colourSchemeSchema>;
/** The user preference holding a user's chosen scheme, named after the theme. */
export const COLOUR_PREFERENCE = `theme_${THEME_NAME}_colours`;

/** Carousel (spec §9): the interval between slides, its limits, and how many slides a site may have. */
export const DEFAULT_SLIDE_INTERVAL_MS = 5000;
export const MIN_SLIDE_INTERVAL_MS = 1000;
export const MAX_SLIDE_INTERVAL_MS = 60_000;
export const MAX_SLIDES = 16;
/** The largest slide image accepted, in bytes. */
export const MAX_SLIDE_IMAGE_BYTES = 4 * 1024 * 1024;

/** Navbar (spec §9): how far the user scrolls up before a hidden navbar comes back, and its limits. */
export const DEFAULT_NAVBAR_SCROLL_UP_PX = 250;
export const MIN_NAVBAR_SCROLL_UP_PX = 0;
export const MAX_NAVBAR_SCROLL_UP_PX = 2000;

/** Course item search (spec §5, §9): suggestions start at this many characters; at most this many are shown. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_ITEMS = 8;

const TITLE_MAX = 255;
const CAPTION_MAX = 1000;
const LINK_MAX = 1333;

/**
 * Where a slide may link: nowhere (''), a page of this site ('/…'), or an http(s) address. Anything
 * else (javascript:, data:, protocol-relative '//host') is refused.
 */
export function isSlideLink(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}

const slideLink = z.string().trim().max(LINK_MAX).refine(isSlideLink, 'a site path starting with / or an http(s) address');

/** A slide as visitors see it: imageurl is empty when the slide has no image (a placeholder is drawn). */
export const slideSchema = z.object({
  id: z.number(),
  title: z.string(),
  caption: z.string(),
  url: z.string(),
  imageurl: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

export const carouselSchema = z.object({
  slides: z.array(slideSchema),
  /** Milliseconds between slides. */
  slideinterval: z.number(),
  /** true: the carousel runs backwards (towards the previous slide). */
  slideright: z.boolean(),
});
export type Carousel = z.infer<typeof carouselSchema>;

/** The site-wide settings other than the slides. */
const settingsFields = {
  slideinterval: wsInt.pipe(z.number().int().min(MIN_SLIDE_INTERVAL_MS).max(MAX_SLIDE_INTERVAL_MS)),
  slideright: wsBool,
  /** true: the older static navbar, which scrolls away with the page, instead of the fixed, hiding one. */
  oldnavbar: wsBool,
  navbarscrollupamount: wsInt.pipe(z.number().int().min(MIN_NAVBAR_SCROLL_UP_PX).max(MAX_NAVBAR_SCROLL_UP_PX)),
  /** The scheme of users who have not chosen one. */
  defaultcolours: colourSchemeSchema,
  /** Whether users may choose their own scheme. */
  colourswitcher: wsBool,
};

export const settingsSchema = z.object({
  slideinterval: z.number(),
  slideright: z.boolean(),
  oldnavbar: z.boolean(),
  navbarscrollupamount: z.number(),
  defaultcolours: colourSchemeSchema,
  colourswitcher: z.boolean(),
  /** Changes with every save: a save based on an older revision is refused instead of overwriting it. */
  revision: z.number(),
  slides: z.array(
    slideSchema.extend({
      /** The stored image's name and size, when the slide has one. */
      imagename: z.string(),
      imagesize: z.number(),
    }),
  ),
});
export type ThemeSettings = z.infer<typeof settingsSchema>;

/** What to do with a slide's image on save: keep it, take the one uploaded to a draft area, or remove it. */
export const slideImageChangeSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('keep') }),
  z.strictObject({ action: z.literal('replace'), draftitemid: wsInt.pipe(z.number().int().min(1)) }),
  z.strictObject({ action: z.literal('remove') }),
]);

export const slideInputSchema = z.strictObject({
  /** 0 for a new slide. */
  id: wsInt.pipe(z.number().int().min(0)),
  title: z.string().trim().max(TITLE_MAX),
  caption: z.string().trim().max(CAPTION_MAX),
  url: slideLink,
  image: slideImageChangeSchema.default({ action: 'keep' }),
});
export type SlideInput = z.input<typeof slideInputSchema>;

export const themeEssentialGetCarousel = contract({
  name: 'theme_essential_get_carousel',
  component: COMPONENT,
  description: "The front page carousel: its slides in order and how it runs.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({}),
  returns: carouselSchema,
});

export const themeEssentialGetSettings = contract({
  name: 'theme_essential_get_settings',
  component: COMPONENT,
  description: "The theme's site settings (carousel, navbar, colours) for the settings page, with their revision.",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_SITE_CONFIG],
  args: z.strictObject({}),
  returns: settingsSchema,
});

export const themeEssentialSaveSettings = contract({
  name: 'theme_essential_save_settings',
  component: COMPONENT,
  description:
    "Saves every theme setting and the slides in the order given, all or nothing. revision must be the one the settings were read with (settingschanged otherwise). A slide's new image is taken from the caller's draft area and must be a PNG, JPEG, GIF or WebP image.",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_SITE_CONFIG],
  args: z.strictObject({
    revision: wsInt,
    ...settingsFields,
    slides: z.array(slideInputSchema).max(MAX_SLIDES),
  }),
  returns: settingsSchema,
});

export const themeEssentialSetColourScheme = contract({
  name: 'theme_essential_set_colour_scheme',
  component: COMPONENT,
  description: `Saves the caller's colour scheme as the user preference ${COLOUR_PREFERENCE}; refused while the site has the colour switcher off.`,
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ scheme: colourSchemeSchema }),
  returns: z.object({ scheme: colourSchemeSchema }),
});

export const courseItemSchema = z.object({
  /** The item's address (a section anchor on the course page or an activity's page); '#' when it cannot be opened. */
  id: z.string(),
  name: z.string(),
  type: z.enum(['section', 'activity']),
  /** The activity type (assign, quiz, …); empty for sections. */
  modname: z.string(),
});
export type CourseItem = z.infer<typeof courseItemSchema>;

export const themeEssentialCourseItemSearch = contract({
  name: 'theme_essential_course_item_search',
  component: COMPONENT,
  description: `The course's sections and activities the caller can see whose names contain the text (at least ${SEARCH_MIN_CHARS} characters, any case), in course order, at most ${SEARCH_MAX_ITEMS}.`,
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:view', 'moodle/course:viewhiddensections', 'moodle/course:viewhiddenactivities'],
  args: z.strictObject({
    courseid: wsInt,
    term: z.string().trim().min(SEARCH_MIN_CHARS).max(255),
  }),
  returns: z.object({ items: z.array(courseItemSchema) }),
});
