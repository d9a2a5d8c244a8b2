import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useStrings } from '../../platform/useStrings';
import { BACK_TO_TOP_AFTER_PX, BACK_TO_TOP_SCROLL_MS, scrollWindowTo } from './scroll';
import { COMPONENT } from './strings';

function backToTop() {
  void scrollWindowTo(0, BACK_TO_TOP_SCROLL_MS).then(() => document.getElementById('region-main')?.focus({ preventScroll: true }));
}

/**
 * The back-to-top control: fades in once the page has scrolled past 480 px and scrolls back up over
 * 1.2 s (at once for those who prefer less motion), then puts the focus at the start of the content.
 */
export function BackToTop() {
  const s = useStrings(COMPONENT, ['backtotop']);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  // Out of sight it is inert: not focusable and not announced.
  return (
    <div className={`back-to-top${shown ? ' is-shown' : ''}`} inert={!shown}>
      <Button id="back-to-top" className="back-to-top-button" aria-label={s('backtotop')} onPress={backToTop}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 19V5M5 12l7-7 7 7" />
        </svg>
      </Button>
    </div>
  );
}
