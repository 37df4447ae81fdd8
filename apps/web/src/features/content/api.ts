import { methods, type InputOf } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

/** Query options of the content screens, beside their fetchers; keys start with the entity name. */
export const newsListQuery = (input: InputOf<(typeof methods)['news/list']>) =>
  queryOptions({
    queryKey: ['news', 'list', input],
    queryFn: () => rest('news/list', input),
    placeholderData: keepPreviousData,
  });

export const newsQuery = (id: number, token?: string) =>
  queryOptions({
    queryKey: ['news', 'get', id, token ?? ''],
    queryFn: () => rest('news/get', token ? { id, access_key: token } : { id }),
    retry: false,
  });

export const faqQuery = (search: string) =>
  queryOptions({
    queryKey: ['faq', 'list', search],
    queryFn: () => rest('faq/list', { size: -1, ...(search ? { filter: { search } } : {}) }),
    placeholderData: keepPreviousData,
  });

export const departmentsQuery = queryOptions({
  queryKey: ['departments', 'list'],
  queryFn: () => rest('departments/list', { size: -1 }),
});

export const contactsQuery = queryOptions({
  queryKey: ['contacts', 'list'],
  queryFn: () => rest('contacts/list', { size: -1 }),
});

export const storagesQuery = queryOptions({
  queryKey: ['storage', 'list'],
  queryFn: () => rest('storage/list', { size: -1 }),
});

export const storageQuery = (id: number) =>
  queryOptions({
    queryKey: ['storage', 'get', id],
    queryFn: () => rest('storage/get', { id }),
    retry: false,
  });

export const pageQuery = (url: string) =>
  queryOptions({
    queryKey: ['page', 'get', url],
    queryFn: () => rest('page/get', { url }),
    retry: false,
  });
