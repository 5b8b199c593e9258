import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner for the moments before a page can draw anything (first load, signing out). */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true">
      <CircularProgress aria-label={label} />
    </Box>
  );
}
