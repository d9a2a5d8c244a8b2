import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { Carousel as CarouselData, Slide } from '../../../api/theme';
import { useStrings } from '../../platform/useStrings';
import { prefersReducedMotion } from './page';
import { PLACEHOLDER_THEME_NAMES } from './placeholder';
import { PlaceholderImage } from './PlaceholderImage';
import { COMPONENT } from './strings';

const STRINGS = ['carousel', 'slideof', 'previousslide', 'nextslide', 'showslide', 'chooseslide', 'pauserotation', 'startrotation'] as const;

/** A slide's link: a page of the site through the router, another site as a plain link. */
function SlideLink({ url, children, hidden = false }: { url: string; children: ReactNode; hidden?: boolean }) {
  const extra = hidden ? { tabIndex: -1, 'aria-hidden': true } : {};
  if (url.startsWith('/')) {
    return (
      <Link to={url} {...extra}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} {...extra}>
      {children}
    </a>
  );
}

function SlideView({ slide, index, count, active, label }: { slide: Slide; index: number; count: number; active: boolean; label: string }) {
  const picture = slide.imageurl ? (
    <img className="carousel-image" src={slide.imageurl} alt="" loading={index === 0 ? 'eager' : 'lazy'} />
  ) : (
    <PlaceholderImage text={slide.title} theme={PLACEHOLDER_THEME_NAMES[index % PLACEHOLDER_THEME_NAMES.length] ?? 'gray'} />
  );
  const hasText = slide.title !== '' || slide.caption !== '';
  return (
    <div className={`carousel-slide${active ? ' is-active' : ''}`} role="group" aria-roledescription="slide" aria-label={label} aria-hidden={!active} inert={!active} data-slide={index + 1} data-count={count}>
      {slide.url ? (
        <SlideLink url={slide.url} hidden>
          {picture}
        </SlideLink>
      ) : (
        picture
      )}
      {hasText && (
        <div className={`carousel-caption${slide.imageurl ? '' : ' on-placeholder'}`}>
          {slide.title && (
            // On a placeholder the picture already shows the title: the heading stays for screen readers.
            <h2 className={slide.imageurl ? 'carousel-title' : 'visually-hidden'}>{slide.url ? <SlideLink url={slide.url}>{slide.title}</SlideLink> : slide.title}</h2>
          )}
          {slide.caption && <p className="carousel-text">{slide.caption}</p>}
        </div>
      )}
    </div>
  );
}

/**
 * The front page carousel (id `essentialCarousel`): advances every `slideinterval` ms, backwards when
 * the site says so, wrapping at the ends; stops while the pointer is over it or the keyboard is in it
 * and starts again on leaving; previous, next and one button per slide; a pause/start control. For
 * people who prefer less motion it neither fades nor turns by itself until they start it.
 */
export function Carousel({ carousel }: { carousel: CarouselData }) {
  const s = useStrings(COMPONENT, STRINGS);
  const { slides, slideinterval, slideright } = carousel;
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const step = slideright ? -1 : 1;
  const current = Math.min(active, Math.max(0, count - 1));

  useEffect(() => {
    if (!playing || hovered || focused || count < 2) return undefined;
    const timer = setTimeout(() => setActive((a) => (((a + step) % count) + count) % count), slideinterval);
    return () => clearTimeout(timer);
  }, [current, playing, hovered, focused, count, step, slideinterval]);

  if (count === 0) return null;
  const go = (index: number) => setActive(((index % count) + count) % count);
  const rotating = playing && !hovered && !focused;
  return (
    <section
      id="essentialCarousel"
      className="carousel"
      aria-roledescription="carousel"
      aria-label={s('carousel')}
      data-rotating={rotating}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      {/* Announced when the user moves the slides, not while they turn by themselves. */}
      <div className="carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <SlideView key={slide.id} slide={slide} index={index} count={count} active={index === current} label={s('slideof', { index: index + 1, count })} />
        ))}
      </div>
      {count > 1 && (
        <>
          <Button className="carousel-control carousel-prev" aria-label={s('previousslide')} onPress={() => go(current - 1)}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </Button>
          <Button className="carousel-control carousel-next" aria-label={s('nextslide')} onPress={() => go(current + 1)}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </Button>
          <div className="carousel-bar">
            <Button className="carousel-rotation" aria-label={playing ? s('pauserotation') : s('startrotation')} onPress={() => setPlaying((p) => !p)}>
              {playing ? (
                <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
                  <rect x="2" y="1" width="3.5" height="12" rx="1" />
                  <rect x="8.5" y="1" width="3.5" height="12" rx="1" />
                </svg>
              ) : (
                <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
                  <path d="M3 1.5v11l9.5-5.5z" />
                </svg>
              )}
            </Button>
            <div className="carousel-indicators" role="group" aria-label={s('chooseslide')}>
              {slides.map((slide, index) => (
                <Button key={slide.id} className="carousel-indicator" aria-label={s('showslide', index + 1)} aria-current={index === current ? 'true' : undefined} onPress={() => go(index)} />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
