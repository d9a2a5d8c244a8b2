/** The theme's settings page (served by server/components/theme/component.ts). */
export const THEME_SETTINGS_PATH = '/theme/essential/settings.php';
