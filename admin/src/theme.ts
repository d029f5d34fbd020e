import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default theme with darker blues and red: its #2196f3 app bar and buttons under white text, and its
 * red on grey and its faded "empty list" message, fall short of WCAG AA contrast (4.5:1).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    error: { main: '#b71c1c' },
  },
  components: {
    ...defaultTheme.components,
    // The "No records yet" message is drawn in the disabled text colour: too faint to read (3:1 for large text).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // Every spinner (the app bar's refresh indicator, a list's loading) is a progressbar, which needs a name for screen
    // readers (axe: aria-progressbar-name); react-admin gives none.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // No Export on any list: react-admin's writes what visitors typed into CSV cells as it is, so a name or message
    // such as =HYPERLINK(...) would run as a formula in the admin's spreadsheet. An export that is needed is the API's,
    // which defuses such cells (the crossword entries' Export CSV).
    RaList: { defaultProps: { exporter: false } },
  },
};
