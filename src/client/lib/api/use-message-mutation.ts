import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A change's answer: its data and the server's success message (in the user's language, e.g. for a toast). */
export interface WithMessage<T> {
  data: T;
  message: string;
}

/**
 * A back-office change that keeps the server's success message: `send` passes `onMessage` on to `api()`, and the
 * mutation resolves to `{ data, message }`. Once it has settled (a refusal may mean the screen was out of date), every
 * query under `refresh` is read again.
 */
export function useMessageMutation<I, O>(
  send: (input: I, onMessage: (message: string) => void) => Promise<O>,
  refresh: readonly QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I): Promise<WithMessage<O>> => {
      let message = '';
      const data = await send(input, (m) => {
        message = m;
      });
      return { data, message };
    },
    onSettled: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
