import { PAGE_SIZE_ALL } from '@portal/contract';

/** LIMIT/OFFSET of a list input; size -1 means everything (spec §9). */
export function pageWindow(input: { page: number; size: number } | undefined): {
  limit: number | null;
  offset: number;
} {
  const page = input?.page ?? 1;
  const size = input?.size ?? 60;
  if (size === PAGE_SIZE_ALL) return { limit: null, offset: 0 };
  return { limit: size, offset: (page - 1) * size };
}

/** A user's text as an ILIKE pattern that matches it literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
