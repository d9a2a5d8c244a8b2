import { useEffect, useRef } from 'react';
import { drawPlaceholder, PLACEHOLDER_DEBOUNCE_MS, type PlaceholderTheme } from './placeholder';

/**
 * A generated image filling its box, for a slide without a picture. Drawn at the box's size and drawn
 * again once a window resize has settled (100 ms).
 */
export function PlaceholderImage({ text, theme }: { text: string; theme: PlaceholderTheme }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return undefined;
    const draw = () => {
      const box = canvas.getBoundingClientRect();
      drawPlaceholder(canvas, { text, theme, width: box.width, height: box.height, pixelRatio: window.devicePixelRatio || 1 });
    };
    draw();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(draw, PLACEHOLDER_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [text, theme]);
  return <canvas ref={ref} className="carousel-placeholder" data-placeholder-theme={theme} aria-hidden="true" />;
}
