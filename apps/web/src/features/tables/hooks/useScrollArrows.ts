import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: arrows show under 1900 px when the table overflows, and scroll 20 px every 50 ms while held. */
export const SCROLL_ARROWS_MAX_WINDOW = 1900;
export const SCROLL_STEP_PX = 20;
export const SCROLL_EVERY_MS = 50;

/**
 * Whether the scroll arrows show for the scrolling container (`ref` goes on it; it may mount after the first load),
 * and the press-and-hold handlers that scroll it.
 */
export function useScrollArrows() {
  const [element, ref] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  const timer = useRef<number | null>(null);

  useEffect(() => {
    if (!element) {
      setShown(false);
      return;
    }
    const measure = () =>
      setShown(window.innerWidth < SCROLL_ARROWS_MAX_WINDOW && element.scrollWidth > element.clientWidth + 1);
    measure();
    // Where there is no ResizeObserver (jsdom), the window's size is still followed.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    const table = element.firstElementChild;
    if (table) observer?.observe(table);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (direction: -1 | 1) => {
      stop();
      const step = () => element?.scrollBy({ left: direction * SCROLL_STEP_PX });
      step();
      timer.current = window.setInterval(step, SCROLL_EVERY_MS);
    },
    [element, stop],
  );

  useEffect(() => stop, [stop]);
  return { ref, shown, start, stop };
}
