import { CAP_SITE_CONFIG } from '../../../api/theme';
import { getSystemContext } from '../../platform/access/contexts';
import type { ComponentDefinition } from '../../platform/component';
import { themeMethods } from './external';
import { registerThemeAttributes } from './html';
import { registerSlideImageRoute } from './slideimages';

/** The settings page of the theme, for those who configure the site. */
export const THEME_SETTINGS_PATH = '/theme/essential/settings.php';

/**
 * theme_essential: the page chrome's settings (front page carousel, hiding navbar, colour schemes),
 * the user's colour scheme, the course item search, and the site front page at /index.php.
 */
export const themeComponent: ComponentDefinition = {
  name: 'theme_essential',
  dir: import.meta.dirname,
  methods: themeMethods,
  pages: [
    // Moodle's explicit address of the site home; `/` (a core page) shows the same front page.
    { path: '/index.php' },
    {
      path: THEME_SETTINGS_PATH,
      guard: async (ctx) => {
        await ctx.access.requireCapability(CAP_SITE_CONFIG, await getSystemContext(ctx.db));
      },
    },
  ],
  routes: (app, platform) => {
    registerThemeAttributes(app, platform);
    registerSlideImageRoute(app, platform);
  },
};
