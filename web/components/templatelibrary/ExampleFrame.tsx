import { useEffect, useRef, useState } from 'react';

/** The page's own stylesheets, so an example looks as it would on the site. */
function siteStylesheets(): string {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((link) => `<link rel="stylesheet" href="${link.href.replace(/"/g, '&quot;')}">`)
    .join('');
}

/** The rendered example as a document of its own: whole-page templates as they are, fragments inside the site's styles. */
function exampleDocument(html: string): string {
  if (/^\s*(<!doctype|<html)/i.test(html)) return html;
  return `<!doctype html><html lang="${document.documentElement.lang}" dir="${document.documentElement.dir || 'ltr'}"><head><meta charset="utf-8">${siteStylesheets()}<style>body{margin:0;padding:1rem;background:var(--color-bg)}</style></head><body>${html}</body></html>`;
}

/**
 * A template's example rendered in a frame of its own: its markup cannot disturb the page around it,
 * and the frame runs no script (sandboxed; same origin only so it can be sized to its content).
 */
export function ExampleFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => {
      const body = element.contentDocument?.documentElement;
      if (body) setHeight(Math.min(Math.max(body.scrollHeight, 60), 900));
    };
    element.addEventListener('load', measure);
    return () => element.removeEventListener('load', measure);
  }, [html]);

  return <iframe ref={frame} className="template-example-frame" title={title} sandbox="allow-same-origin" srcDoc={exampleDocument(html)} style={{ height }} />;
}
