import { useEffect, useRef } from 'react';

/** A ref that moves focus (and so the view) to its element when it first appears: the start of a new step. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
