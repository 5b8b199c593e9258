import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/**
 * The first stop of the Tab key: jumps past the top bar and navigation to the page. Hidden until focused. Focus moves
 * by script rather than by the '#main' address, which pages such as the team schedule read as their own state.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <Link
      href={`#${targetId}`}
      onClick={skip}
      data-testid="skip-link"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
