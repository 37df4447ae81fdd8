/** Every query key of the companies feature; `all` covers them all. */
export const companyKeys = {
  all: ['counterparty'] as const,
  list: () => ['counterparty', 'list'] as const,
  detail: (id: number | null) => ['counterparty', 'get', id] as const,
};
