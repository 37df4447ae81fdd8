import type { ApiKeyScope } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { rest } from '../../lib/rest';

export const keysKeys = { all: ['api-keys'] as const };

export const apiKeyListQuery = (page: number, size: number, userId?: number) =>
  queryOptions({
    queryKey: [...keysKeys.all, 'list', userId ?? 'own', page, size],
    queryFn: () => rest('api-key/list', { page, size, ...(userId ? { filter: { userId } } : {}) }),
  });

/** The OpenAPI document the server generates from the contract (decision 211). */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ['openapi'],
    queryFn: async () => {
      const response = await fetch('/rest/openapi.json', { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as OpenApiDocument;
    },
    staleTime: 5 * 60_000,
  });

export interface OpenApiOperation {
  operationId: string;
  description: string;
  tags: string[];
  'x-api-key-scope': ApiKeyScope | null;
  requestBody: { content: Record<string, { schema: unknown }> };
  responses: { '200': { content: { 'application/json': { schema: { properties: { result: unknown } } } } } };
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, { post: OpenApiOperation }>;
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: ApiKeyScope }) => rest('api-key/create', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('api-key/delete', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysKeys.all }),
    onError: notifyError,
  });
}
