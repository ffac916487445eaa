// Code an island downloads when first needed (the API client, a data module), shared by every later call.

/** `load`, started on the first call and shared after; a failed download is tried again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
