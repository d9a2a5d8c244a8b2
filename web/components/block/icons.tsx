import type { ReactNode } from 'react';
import type { NavIcon } from '../../../api/navigation';

/**
 * The tree's icons: one line-drawn set on a 24-unit grid, stroked in the text colour so each colour
 * scheme recolours them. Keyed by Moodle's icon names (`i/…` in core, `monologo` per activity type).
 */
const SHAPES: Record<string, ReactNode> = {
  'i/dashboard': (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </>
  ),
  'i/home': <path d="M4 11 12 4l8 7v8.5a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z" />,
  'i/course': <path d="M4 5.5C6.5 4 9.5 4 12 5.5v14c-2.5-1.5-5.5-1.5-8 0zM12 5.5c2.5-1.5 5.5-1.5 8 0v14c-2.5-1.5-5.5-1.5-8 0" />,
  'i/section': <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  'i/users': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.7 3.1 2.4 3.5 5.2" />
    </>
  ),
  'i/user': (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-4 3.7-6 7.5-6s6.7 2 7.5 6" />
    </>
  ),
  'i/group': (
    <>
      <circle cx="7" cy="9" r="2.5" />
      <circle cx="17" cy="9" r="2.5" />
      <circle cx="12" cy="6" r="2.5" />
      <path d="M3 19c.4-3 2-4.5 4-4.5M21 19c-.4-3-2-4.5-4-4.5M7.5 20c.5-3.5 2.2-5 4.5-5s4 1.5 4.5 5" />
    </>
  ),
  'i/grades': <path d="M4 20h16M7 20v-7M12 20V6M17 20v-10" />,
  'i/settings': (
    <>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </>
  ),
  'i/edit': <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  'i/language': (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.5 3.5 5.3 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.3-3.5-8.5s1-6 3.5-8.5" />
    </>
  ),
  'i/permissions': <path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.6-7 9-4.1-1.4-7-4.7-7-9V6z" />,
  'i/checkpermissions': <path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.6-7 9-4.1-1.4-7-4.7-7-9V6zM9 12l2 2 4-4" />,
  'i/questions': (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
    </>
  ),
  'i/report': (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="1.5" />
      <path d="M3.5 9.5h17M9.5 9.5v10M3.5 14.5h17" />
    </>
  ),
  'i/more': <path d="M5 12h.01M12 12h.01M19 12h.01" />,
  mod_page: (
    <>
      <path d="M6 3.5h8l4 4v13H6z" />
      <path d="M14 3.5v4h4M9 12h6M9 16h6" />
    </>
  ),
  mod_url: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  mod_assign: (
    <>
      <rect x="5" y="4.5" width="14" height="16" rx="1.5" />
      <path d="M9 3.5h6v3H9zM8.5 13l2.5 2.5 4.5-4.5" />
    </>
  ),
  mod_quiz: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M7.5 9l1.5 1.5 2.5-2.5M13.5 9.5h3M7.5 15l1.5 1.5 2.5-2.5M13.5 15.5h3" />
    </>
  ),
  mod_feedback: <path d="M4.5 5.5h15v10h-8l-4.5 4v-4H4.5zM8.5 9.5h7M8.5 12.5h4" />,
  mod_lti: (
    <>
      <path d="M12 3.5 19.5 7.5v9L12 20.5 4.5 16.5v-9z" />
      <path d="M4.5 7.5 12 11.5l7.5-4M12 11.5v9" />
    </>
  ),
  generic: <rect x="5" y="5" width="14" height="14" rx="2" />,
};

function shapeFor(icon: NavIcon): ReactNode {
  const key = icon.pix === 'monologo' ? icon.component : icon.pix;
  return SHAPES[key] ?? SHAPES.generic;
}

/** A node's icon; its alternative text, when it has one, names the kind of node (the row's text names the node). */
export function NodeIcon({ icon }: { icon: NavIcon }) {
  return (
    <svg
      className={['nav-icon', ...icon.classes].join(' ')}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={icon.alt ? 'img' : undefined}
      aria-label={icon.alt || undefined}
      aria-hidden={icon.alt ? undefined : true}
      focusable="false"
    >
      {icon.alt && <title>{icon.alt}</title>}
      {shapeFor(icon)}
    </svg>
  );
}

/** Small glyphs of the block frame's own controls. */
export function ControlIcon({ name }: { name: 'collapse' | 'expand' | 'dock' | 'undock' | 'chevron' }) {
  const shapes = {
    collapse: <path d="M6 15l6-6 6 6" />,
    expand: <path d="M6 9l6 6 6-6" />,
    dock: <path d="M4 4.5h16v15H4zM9 4.5v15M16 10l-3 2 3 2" />,
    undock: <path d="M4 4.5h16v15H4zM9 4.5v15M13 10l3 2-3 2" />,
    chevron: <path d="M9 6l6 6-6 6" />,
  };
  return (
    <svg className={name === 'dock' || name === 'undock' ? 'control-icon control-icon-mirrored' : 'control-icon'} viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {shapes[name]}
    </svg>
  );
}
