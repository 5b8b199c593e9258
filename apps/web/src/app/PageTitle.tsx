import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './AppLayout';

/** Names the open page in the browser's title ('Schedule · Shiftline'): the deepest route with a title wins. */
export function PageTitle() {
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((name) => name !== undefined);
  useEffect(() => {
    document.title = title ? `${title} · Shiftline` : 'Shiftline';
  }, [title]);
  return <Outlet />;
}
