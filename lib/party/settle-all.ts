// Parallel agent turns, awaited to the last one. Promise.all rejects at the first failure
// (a cancel, a shutdown) while the other turns are still recording what they spent; the
// run would end with their writes in flight, so a shutdown could lose their usage.

/** Like Promise.all, but rejects (with the first failure) only once every promise settled. */
export async function settleAll<T>(promises: Iterable<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
