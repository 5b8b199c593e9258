import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router';
import { ApiError } from '../lib/apiError';

function describe(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // A page's code can fail to load after a new version was deployed; a reload fetches it.
  if (error instanceof TypeError && /import|module/i.test(error.message)) {
    return 'A new version of Shiftline is available. Reload the page to continue.';
  }
  return 'Something went wrong while showing this page.';
}

/** Shown when a page fails to load or render (the route error element), or when /me fails. */
export function RouteError({ error }: { error?: unknown }) {
  const routeError = useRouteError();
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {describe(error ?? routeError)}
      </Alert>
    </Box>
  );
}
