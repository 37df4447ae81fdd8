import type { InputOf, MethodName, Methods } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { contentAdminKeys, siteSettingsKey } from './settings-api';

/**
 * The content back office's reads and writes (decision 217): every save is a mutation hook that refreshes the
 * kind's list — the answer is one item, a page of the list is the server's to cut — and the site settings'
 * answer replaces the cached settings.
 */
export type ListMethod = Extract<MethodName, `${string}/admin-list`>;
export type DeleteMethod = Extract<MethodName, `${string}/delete`>;

/** One page of a kind's administrator list, searched. */
export const adminListQuery = <T>(list: ListMethod, page: number, size: number, search: string) =>
  queryOptions({
    queryKey: contentAdminKeys.page(list, page, size, search),
    queryFn: () =>
      rest(list, { page, size, ...(search ? { filter: { search } } : {}) } as never) as Promise<unknown> as Promise<{
        count: number;
        items: T[];
      }>,
    placeholderData: keepPreviousData,
  });

/** Deletes one item of a kind; its list is read again. */
export function useDeleteContent(list: ListMethod, remove: DeleteMethod) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest(remove, { id } as never),
    onSuccess: () => void client.invalidateQueries({ queryKey: contentAdminKeys.list(list) }),
  });
}

/** A save of one kind: update when the item has an id, else create; the kind's list is read again. */
function useContentSave<F, R>(
  list: ListMethod,
  create: (fields: F) => Promise<R>,
  update: (id: number, fields: F) => Promise<R>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: number; fields: F }) => (id ? update(id, fields) : create(fields)),
    onSuccess: () => void client.invalidateQueries({ queryKey: contentAdminKeys.list(list) }),
  });
}

type FieldsOf<N extends MethodName> = InputOf<Methods[N]> extends { fields: infer F } ? F : never;

export const useSaveBanner = () =>
  useContentSave(
    'banner/admin-list',
    (fields: FieldsOf<'banner/create'>) => rest('banner/create', { fields }),
    (id, fields) => rest('banner/update', { id, fields }),
  );
export const useSaveDepartment = () =>
  useContentSave(
    'departments/admin-list',
    (fields: FieldsOf<'departments/create'>) => rest('departments/create', { fields }),
    (id, fields) => rest('departments/update', { id, fields }),
  );
export const useSaveContact = () =>
  useContentSave(
    'contacts/admin-list',
    (fields: FieldsOf<'contacts/create'>) => rest('contacts/create', { fields }),
    (id, fields) => rest('contacts/update', { id, fields }),
  );
export const useSaveFaq = () =>
  useContentSave(
    'faq/admin-list',
    (fields: FieldsOf<'faq/create'>) => rest('faq/create', { fields }),
    (id, fields) => rest('faq/update', { id, fields }),
  );
export const useSaveForm = () =>
  useContentSave(
    'form/admin-list',
    (fields: FieldsOf<'form/create'>) => rest('form/create', { fields }),
    (id, fields) => rest('form/update', { id, fields }),
  );
export const useSaveNews = () =>
  useContentSave(
    'news/admin-list',
    (fields: FieldsOf<'news/create'>) => rest('news/create', { fields }),
    (id, fields) => rest('news/update', { id, fields }),
  );
export const useSavePage = () =>
  useContentSave(
    'page/admin-list',
    (fields: FieldsOf<'page/create'>) => rest('page/create', { fields }),
    (id, fields) => rest('page/update', { id, fields }),
  );
export const useSaveStorage = () =>
  useContentSave(
    'storage/admin-list',
    (fields: FieldsOf<'storage/create'>) => rest('storage/create', { fields }),
    (id, fields) => rest('storage/update', { id, fields }),
  );

/** Every department, for the pickers (a supplier has a handful). */
export const departmentsQuery = queryOptions({
  queryKey: contentAdminKeys.departments(),
  queryFn: () => rest('departments/admin-list', { page: 1, size: -1 }),
});

/** The catalogue's sections for the section pickers. */
export const sectionsQuery = queryOptions({
  queryKey: contentAdminKeys.sections(),
  queryFn: () => rest('section/list', { size: -1 }),
  staleTime: 60_000,
});

/** A picture for the content (content-image/upload): where it lies, to put into the text or the field. */
export const uploadPicture = (file: File) => rest('content-image/upload', {}, { files: [file] });

export const siteSettingsQuery = queryOptions({
  queryKey: siteSettingsKey,
  queryFn: () => rest('site-settings/get', {}),
});

/** Saves the site settings (decision 120); the answered settings replace the cached ones. */
export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: InputOf<Methods['site-settings/update']>) => rest('site-settings/update', values),
    onSuccess: (saved) => client.setQueryData(siteSettingsKey, saved),
  });
}
