/** Every query key of the dashboard feature (its news share the content screens' `news` prefix). */
export const dashboardKeys = {
  news: (size: number) => ['news', 'list', { page: 1, size }] as const,
  banners: (size: number) => ['banner', 'list', size] as const,
};
