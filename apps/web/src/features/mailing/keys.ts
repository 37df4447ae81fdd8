/** Every query key of the mailing feature. */
export const mailingKeys = {
  all: ['mailing'] as const,
  agreement: (id: number) => ['agreement', id] as const,
};
