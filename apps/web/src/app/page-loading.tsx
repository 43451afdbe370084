/**
 * What shows while a screen's chunk or the session loads: nothing visible (most loads are too quick to be
 * worth a spinner, and a blank keeps the layout from jumping), but a screen reader hears that it is loading.
 */
export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div role="status" className={fullPage ? 'min-h-dvh' : 'min-h-64'}>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
