import { THEME_PRIMARY, THEME_SECONDARY } from '@portal/contract';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';

export type ThemeMode = 'light' | 'dark';
export const THEME_KEY = 'theme';

export function buildTheme(mode: ThemeMode, locale?: Localization): Theme {
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: mode === 'light' ? THEME_PRIMARY : '#4caf7d' },
        secondary: { main: THEME_SECONDARY },
        background: mode === 'light' ? { default: '#f5f7f6', paper: '#ffffff' } : {},
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Roboto", "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '1.75rem', fontWeight: 600 },
        h2: { fontSize: '1.4rem', fontWeight: 600 },
        h3: { fontSize: '1.2rem', fontWeight: 600 },
      },
      components: {
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
        },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        // Russian reads better in sentence case than in MUI's capitals.
        MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
        // On a phone the pagination's row wraps instead of pushing «next page» out of its card.
        MuiTablePagination: {
          styleOverrides: {
            toolbar: ({ theme }) => ({
              [theme.breakpoints.down('sm')]: {
                flexWrap: 'wrap',
                justifyContent: 'flex-end',
                paddingLeft: theme.spacing(1),
                paddingRight: theme.spacing(1),
              },
            }),
            spacer: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } }),
          },
        },
      },
    },
    ...(locale ? [locale] : []),
  );
}
