import { useEffect } from 'react';
import { makeEmbedsResponsive } from './embeds';

/** Keeps every video embed in the page's content responsive, including those that arrive later. */
export function useResponsiveEmbeds(containerId: string): void {
  useEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return undefined;
    makeEmbedsResponsive(container);
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) makeEmbedsResponsive(node);
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [containerId]);
}
