import { useEffect } from 'react';

/** Failed dashboard requests are only logged and leave the screen as it was (spec §8). */
export function useLoggedFailure(error: Error | null, what: string): void {
  useEffect(() => {
    if (error) console.error(`Dashboard: ${what} could not be loaded`, error);
  }, [error, what]);
}
