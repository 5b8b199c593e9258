import { type MouseEvent, useState } from 'react';

/**
 * A button's menu whose code loads when it is first opened: `anchor` is the button while the menu is open, and
 * `wanted` turns true at the first opening and stays so, keeping the menu mounted so that it closes with its
 * transition.
 */
export function useLazyMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  return {
    anchor,
    wanted,
    open: (event: MouseEvent<HTMLElement>) => {
      setWanted(true);
      setAnchor(event.currentTarget);
    },
    close: () => setAnchor(null),
  };
}
