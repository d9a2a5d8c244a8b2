import { useRef, useState, type ReactNode } from 'react';
import { pageTheme } from './page';
import { useHidingNavbar } from './useHidingNavbar';
import { useSectionLinks } from './useSectionLinks';
import './chrome.css';

/**
 * The top bar (id `essentialnavbar`). Fixed, it stays at the top of the window and slides away while
 * the page scrolls down, coming back on scrolling up; the site can choose the older static bar, which
 * scrolls away with the page. Section links scroll to their section clear of it.
 */
export function ThemeNavbar({ children }: { children: ReactNode }) {
  const navbar = useRef<HTMLElement>(null);
  const [theme] = useState(pageTheme);
  const fixed = theme.navbar === 'fixed';
  useHidingNavbar(navbar, fixed, theme.scrollUp);
  useSectionLinks(navbar, fixed);
  return (
    <header id="essentialnavbar" ref={navbar} className={`navbar ${fixed ? 'navbar-fixed' : 'navbar-static'}`}>
      {children}
    </header>
  );
}
