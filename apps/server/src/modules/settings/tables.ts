/** The settings rows (`main`: the administrator's site settings; `exchange`: the 1C exchange user). */
export interface SiteSettingsTable {
  key: string;
  value: unknown;
}

declare module '../../db/schema.js' {
  interface Database {
    site_settings: SiteSettingsTable;
  }
}
