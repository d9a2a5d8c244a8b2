import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_NAVBAR_SCROLL_UP_PX, DEFAULT_SLIDE_INTERVAL_MS } from '../../api/theme';
import type { DB } from '../db/schema';
import { claimRevision, readSettings, writeSettings, type StoredSlide } from '../components/theme/settings';
import { storeSlideImage } from '../components/theme/slideimages';
import type { Platform } from '../platform/platform';

/** The demo slides' pictures: our own artwork, shipped beside this file. */
const IMAGES = join(import.meta.dirname, 'theme');

/** Three front page slides with pictures, linking to the dashboard and a demo course. */
export async function addDemoTheme(platform: Platform, db: Kysely<DB>, adminId: number): Promise<void> {
  const biology = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const slides: Array<StoredSlide & { image: string }> = [
    {
      id: 1,
      title: 'Welcome to Tessera Academy',
      caption: 'Your courses, activities and progress in one place. Start from your dashboard.',
      url: '/my/',
      image: 'slide-1.jpg',
    },
    {
      id: 2,
      title: 'Introduction to Biology',
      caption: 'Cells, genetics and ecosystems: this term’s most popular course is open for enrolment.',
      url: biology ? `/course/view.php?id=${biology.id}` : '/course/search.php?search=Biology',
      image: 'slide-2.jpg',
    },
    {
      id: 3,
      title: 'Learn at your own pace',
      caption: 'Every course is split into short parts, each ending with an activity and feedback within a week.',
      url: '',
      image: 'slide-3.jpg',
    },
  ];
  for (const slide of slides) {
    await storeSlideImage(platform, db, slide.id, { filename: slide.image, content: await readFile(join(IMAGES, slide.image)), userid: adminId });
  }
  const current = await readSettings(db);
  await claimRevision(db, current.revision);
  await writeSettings(db, {
    slideinterval: DEFAULT_SLIDE_INTERVAL_MS,
    slideright: false,
    oldnavbar: false,
    navbarscrollupamount: DEFAULT_NAVBAR_SCROLL_UP_PX,
    defaultcolours: 'default',
    colourswitcher: true,
    slides: slides.map(({ image: _image, ...slide }) => slide),
  });
}
