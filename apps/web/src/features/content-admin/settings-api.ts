import i18n from 'i18next';
import en from '../../locales/en/back-office/content.json';
import ru from '../../locales/ru/back-office/content.json';

// Back-office texts travel with the back-office chunk, not with every dealer's first page.
i18n.addResourceBundle('ru', 'contentAdmin', ru, true, true);
i18n.addResourceBundle('en', 'contentAdmin', en, true, true);

export const siteSettingsKey = ['site-settings'] as const;

/** Every query key of the content admin; a list's pages share `list(method)`. */
export const contentAdminKeys = {
  list: (method: string) => ['content-admin', method] as const,
  page: (method: string, page: number, size: number, search: string) =>
    ['content-admin', method, page, size, search] as const,
  departments: () => ['content-admin', 'departments/admin-list', 'all'] as const,
  sections: () => ['section', 'list', 'all'] as const,
};
