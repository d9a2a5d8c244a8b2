import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { COLOUR_PREFERENCE, THEME_NAME } from '../../../api/theme';
import type { DB } from '../../db/schema';
import { getPreference } from '../../platform/preferences';
import type { Platform } from '../../platform/platform';
import { effectiveScheme, isGuestUser, readSettings } from './settings';

/**
 * What the theme writes on the <html> element of a page: the user's colour scheme and how the navbar
 * behaves. The stylesheet and the app read them from there, so the very first paint already has the
 * right colours and navbar, with no flash of the default scheme.
 */
export async function themeAttributes(db: Kysely<DB>, userid: number): Promise<Record<string, string>> {
  const settings = await readSettings(db);
  const guest = await isGuestUser(db, userid);
  const chosen = userid > 0 && !guest ? ((await getPreference(db, userid, COLOUR_PREFERENCE)) ?? undefined) : undefined;
  return {
    'data-theme': THEME_NAME,
    'data-scheme': effectiveScheme(settings, chosen),
    'data-navbar': settings.oldnavbar ? 'static' : 'fixed',
    'data-navbar-scrollup': String(settings.navbarscrollupamount),
    // Visitors and the shared guest account see the site's scheme and no chooser.
    'data-colourswitcher': settings.colourswitcher && userid > 0 && !guest ? '1' : '0',
  };
}

function attributeText(attributes: Record<string, string>): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
}

/** Adds the theme's attributes to the <html> element of every HTML page the server sends. */
export function registerThemeAttributes(app: FastifyInstance, platform: Platform): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const match = /<html(?=[\s>])/i.exec(payload);
    if (!match) return payload;
    const end = match.index + match[0].length;
    const attributes = await themeAttributes(platform.db, request.user?.id ?? 0);
    return `${payload.slice(0, end)}${attributeText(attributes)}${payload.slice(end)}`;
  });
}
