/** A promise and the function that settles it, for tests that hold one step until another has happened (Node 20 has no `Promise.withResolvers`). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
