import { methods, type InputOf } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

/** Every query key of the content screens; keys start with the entity name. */
export const contentKeys = {
  newsLists: () => ['news', 'list'] as const,
  newsList: (input: InputOf<(typeof methods)['news/list']>) => ['news', 'list', input] as const,
  news: (id: number, token?: string) => ['news', 'get', id, token ?? ''] as const,
  faq: (search: string) => ['faq', 'list', search] as const,
  departments: () => ['departments', 'list'] as const,
  contacts: () => ['contacts', 'list'] as const,
  storages: () => ['storage', 'list'] as const,
  storage: (id: number) => ['storage', 'get', id] as const,
  page: (url: string) => ['page', 'get', url] as const,
};

/** Query options of the content screens, beside their fetchers. */
export const newsListQuery = (input: InputOf<(typeof methods)['news/list']>) =>
  queryOptions({
    queryKey: contentKeys.newsList(input),
    queryFn: () => rest('news/list', input),
    placeholderData: keepPreviousData,
  });

export const newsQuery = (id: number, token?: string) =>
  queryOptions({
    queryKey: contentKeys.news(id, token),
    queryFn: () => rest('news/get', token ? { id, access_key: token } : { id }),
    retry: false,
  });

export const faqQuery = (search: string) =>
  queryOptions({
    queryKey: contentKeys.faq(search),
    queryFn: () => rest('faq/list', { size: -1, ...(search ? { filter: { search } } : {}) }),
    placeholderData: keepPreviousData,
  });

export const departmentsQuery = queryOptions({
  queryKey: contentKeys.departments(),
  queryFn: () => rest('departments/list', { size: -1 }),
});

export const contactsQuery = queryOptions({
  queryKey: contentKeys.contacts(),
  queryFn: () => rest('contacts/list', { size: -1 }),
});

export const storagesQuery = queryOptions({
  queryKey: contentKeys.storages(),
  queryFn: () => rest('storage/list', { size: -1 }),
});

export const storageQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.storage(id),
    queryFn: () => rest('storage/get', { id }),
    retry: false,
  });

export const pageQuery = (url: string) =>
  queryOptions({
    queryKey: contentKeys.page(url),
    queryFn: () => rest('page/get', { url }),
    retry: false,
  });
