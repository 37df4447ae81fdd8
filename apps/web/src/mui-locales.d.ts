// The two packs vite.config.ts maps file by file (MUI's exports list only the whole set).
declare module '@mui/material/locale/ruRU' {
  export const ruRU: import('@mui/material/locale').Localization;
}
declare module '@mui/material/locale/enUS' {
  export const enUS: import('@mui/material/locale').Localization;
}
