import { createTheme } from '@mui/material/styles';

/** A calm, dense look for screens people keep open all day. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2457c5', dark: '#1a3f91', light: '#e8eefb' },
    secondary: { main: '#0f766e' },
    // MUI's own warning and info colours give white chip labels 3.1:1 and 3.9:1; these give 5.0:1 and 5.9:1 (WCAG AA).
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1c2434', secondary: '#5b6477' },
    divider: '#e3e7ef',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#5b6477' } } },
    MuiDialog: { defaultProps: { fullWidth: true, maxWidth: 'xs' } },
  },
});
