import { useResponsiveEmbeds } from './useResponsiveEmbeds';

/** Keeps the video embeds of the page's main region responsive; shows nothing itself. */
export function ResponsiveEmbeds({ containerId }: { containerId: string }) {
  useResponsiveEmbeds(containerId);
  return null;
}
