import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Carousel } from '../../api/theme';
import { ok } from '../components/assign/fixtures';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { addDemoTheme } from './theme';

describe.each(testDialects)('the demo front page on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await site.createCourse('Introduction to Biology', 'BIO101');
    await site.platform.db.transaction().execute((db) => addDemoTheme(site.platform, db, site.adminId));
  });
  afterAll(() => site.close());

  it('has three slides, each with its picture, the second linking to the biology course', async () => {
    const learner = await site.sessionFor(await site.createUser('visitor1'));
    const carousel = await ok<Carousel>(site, learner, 'theme_essential_get_carousel', {});
    expect(carousel.slideinterval).toBe(5000);
    expect(carousel.slides.map((s) => s.title)).toEqual(['Welcome to Tessera Academy', 'Introduction to Biology', 'Learn at your own pace']);
    expect(carousel.slides[1]?.url).toMatch(/^\/course\/view\.php\?id=\d+$/);
    for (const slide of carousel.slides) {
      const path = slide.imageurl.slice(slide.imageurl.indexOf('/theme/'));
      const image = await site.app.inject({ method: 'GET', url: path, headers: { cookie: learner.cookie } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.length).toBeGreaterThan(10_000);
    }
  });
});
