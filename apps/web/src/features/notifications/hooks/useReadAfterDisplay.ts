import { useEffect } from 'react';
import { READ_AFTER_DISPLAY_MS } from '../constants';

/** Marks a shown, unread notification read once it has been on screen for READ_AFTER_DISPLAY_MS. */
export function useReadAfterDisplay(id: number, unread: boolean, markRead: (ids: readonly number[]) => void): void {
  useEffect(() => {
    if (!unread) return;
    const timer = setTimeout(() => markRead([id]), READ_AFTER_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [id, unread, markRead]);
}
