import type { Machine, MachineInput, ListResult } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { rest } from '../../lib/rest';

export const machinesKeys = { all: ['machines'] as const };

/** The dealer's machines, every one (at most MAX_MACHINES): the screen, the catalogue filter and checkout share it. */
export const machinesQuery = () =>
  queryOptions({
    queryKey: [...machinesKeys.all, 'list'],
    queryFn: () => rest('machine/list', { size: -1 }),
    staleTime: 60_000,
  });

/** The catalogue's machine models, for the machine form. */
export const machineModelsQuery = () =>
  queryOptions({
    queryKey: [...machinesKeys.all, 'models'],
    queryFn: () => rest('machine/models', {}),
    staleTime: 5 * 60_000,
  });

type MachineList = ListResult<Machine>;

function useSetList() {
  const client = useQueryClient();
  return (update: (items: Machine[]) => Machine[]) =>
    client.setQueryData<MachineList>(machinesQuery().queryKey, (old) => {
      if (!old) return old;
      const items = update(old.items);
      return { ...old, count: items.length, items };
    });
}

/** Adds a machine; the answer is the machine, put at the end of the cached list. */
export function useCreateMachine() {
  const setList = useSetList();
  return useMutation({
    mutationFn: (input: MachineInput) => rest('machine/create', input),
    onSuccess: (m) => setList((items) => [...items, m]),
  });
}

/** Changes a machine; the answer replaces it in the cached list. */
export function useUpdateMachine() {
  const setList = useSetList();
  return useMutation({
    mutationFn: (input: MachineInput & { id: number }) => rest('machine/update', input),
    onSuccess: (m) => setList((items) => items.map((x) => (x.id === m.id ? m : x))),
  });
}

/** Removes a machine from the list (orders placed for it keep its data). */
export function useDeleteMachine() {
  const setList = useSetList();
  return useMutation({
    mutationFn: (id: number) => rest('machine/delete', { id }).then(() => id),
    onSuccess: (id) => setList((items) => items.filter((x) => x.id !== id)),
    onError: notifyError,
  });
}
