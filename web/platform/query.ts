import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ArgsOf, MethodContract, ResultOf } from '../../api/contract';
import { call } from './ajax';

/** A web-service read as a TanStack query, keyed by method name and arguments. */
export function useWsQuery<C extends MethodContract>(
  contract: C,
  args: ArgsOf<C>,
  options: Omit<UseQueryOptions<ResultOf<C>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResultOf<C>>({ queryKey: [contract.name, args], queryFn: () => call(contract, args), ...options });
}

/**
 * A web-service write as a TanStack mutation; the named methods' queries are refetched after it.
 * `quiet` mutations show their errors themselves (next to a form's fields) instead of the exception dialogue.
 */
export function useWsMutation<C extends MethodContract>(contract: C, invalidates: readonly MethodContract[] = [], options: { quiet?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation<ResultOf<C>, Error, ArgsOf<C>>({
    mutationFn: (args) => call(contract, args),
    meta: { quiet: options.quiet ?? false },
    onSuccess: async () => {
      await Promise.all(invalidates.map((c) => client.invalidateQueries({ queryKey: [c.name] })));
    },
  });
}
