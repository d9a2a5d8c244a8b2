import {
  MAX_NAVBAR_SCROLL_UP_PX,
  MAX_SLIDE_IMAGE_BYTES,
  MAX_SLIDE_INTERVAL_MS,
  MIN_NAVBAR_SCROLL_UP_PX,
  MIN_SLIDE_INTERVAL_MS,
  isSlideLink,
  type ColourScheme,
  type SlideInput,
  type ThemeSettings,
} from '../../../api/theme';

/** A slide as the form edits it; `key` tells slides apart before they have an id. */
export interface SlideDraft {
  key: string;
  id: number;
  title: string;
  caption: string;
  url: string;
  /** The stored image (empty when none). */
  imageurl: string;
  imagename: string;
  /** What happens to the image on save; a replacement carries its draft area and a preview. */
  image: { action: 'keep' } | { action: 'remove' } | { action: 'replace'; draftitemid: number; preview: string; filename: string };
}

export interface SettingsValues {
  /** Seconds between slides, as typed. */
  interval: string;
  slideright: boolean;
  oldnavbar: boolean;
  /** Pixels, as typed. */
  scrollup: string;
  defaultcolours: ColourScheme;
  colourswitcher: boolean;
  slides: SlideDraft[];
}

export type SettingsErrors = Record<string, string>;

/** A key for a slide in the form, unique among its slides. */
export const newSlideKey = () => `slide-${Math.random().toString(36).slice(2, 10)}`;

export function formValues(settings: ThemeSettings): SettingsValues {
  return {
    interval: String(settings.slideinterval / 1000),
    slideright: settings.slideright,
    oldnavbar: settings.oldnavbar,
    scrollup: String(settings.navbarscrollupamount),
    defaultcolours: settings.defaultcolours,
    colourswitcher: settings.colourswitcher,
    slides: settings.slides.map((slide) => ({
      key: newSlideKey(),
      id: slide.id,
      title: slide.title,
      caption: slide.caption,
      url: slide.url,
      imageurl: slide.imageurl,
      imagename: slide.imagename,
      image: { action: 'keep' },
    })),
  };
}

export function emptySlide(): SlideDraft {
  return { key: newSlideKey(), id: 0, title: '', caption: '', url: '', imageurl: '', imagename: '', image: { action: 'keep' } };
}

/** The image a slide will show once saved: the new upload, the stored image, or none. */
export function slidePreview(slide: SlideDraft): string {
  if (slide.image.action === 'replace') return slide.image.preview;
  if (slide.image.action === 'remove') return '';
  return slide.imageurl;
}

/** Error messages the checks use, by the string ids of the theme's pack. */
export interface Messages {
  intervalrange: string;
  scrolluprange: string;
  invalidlink: string;
  toolong: string;
}

/** The same limits the server holds, checked before sending so mistakes show at once beside their field. */
export function validate(values: SettingsValues, messages: Messages): SettingsErrors {
  const errors: SettingsErrors = {};
  const interval = Number(values.interval) * 1000;
  if (values.interval.trim() === '' || !Number.isFinite(interval) || interval < MIN_SLIDE_INTERVAL_MS || interval > MAX_SLIDE_INTERVAL_MS) {
    errors.slideinterval = messages.intervalrange;
  }
  const scrollup = Number(values.scrollup);
  if (values.scrollup.trim() === '' || !Number.isInteger(scrollup) || scrollup < MIN_NAVBAR_SCROLL_UP_PX || scrollup > MAX_NAVBAR_SCROLL_UP_PX) {
    errors.navbarscrollupamount = messages.scrolluprange;
  }
  values.slides.forEach((slide, index) => {
    if (!isSlideLink(slide.url.trim())) errors[`slides.${index}.url`] = messages.invalidlink;
    if (slide.title.trim().length > 255) errors[`slides.${index}.title`] = messages.toolong;
    if (slide.caption.trim().length > 1000) errors[`slides.${index}.caption`] = messages.toolong;
  });
  return errors;
}

/** Whether a chosen file can be a slide image (the server checks the bytes again). */
export function imageProblem(file: File): 'notimage' | 'toolarge' | null {
  if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(file.type)) return 'notimage';
  if (file.size > MAX_SLIDE_IMAGE_BYTES) return 'toolarge';
  return null;
}

/** The save call's arguments. */
export function saveArgs(values: SettingsValues, revision: number) {
  return {
    revision,
    slideinterval: Math.round(Number(values.interval) * 1000),
    slideright: values.slideright,
    oldnavbar: values.oldnavbar,
    navbarscrollupamount: Number(values.scrollup),
    defaultcolours: values.defaultcolours,
    colourswitcher: values.colourswitcher,
    slides: values.slides.map(
      (slide): SlideInput => ({
        id: slide.id,
        title: slide.title.trim(),
        caption: slide.caption.trim(),
        url: slide.url.trim(),
        image: slide.image.action === 'replace' ? { action: 'replace', draftitemid: slide.image.draftitemid } : slide.image,
      }),
    ),
  };
}

/** What the form compares to tell whether anything changed (previews and keys aside). */
export function comparable(values: SettingsValues): string {
  return JSON.stringify({ ...values, slides: values.slides.map(({ key: _key, ...slide }) => ({ ...slide, image: slide.image.action === 'replace' ? slide.image.draftitemid : slide.image.action })) });
}
