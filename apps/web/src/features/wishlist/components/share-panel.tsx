import { sharedWishlistPagePath, type WishlistSharing } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, Link2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';
import { inputClass } from '../../../components/ui/form-styles';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useWishlistSharing } from '../api/use-wishlist-sharing';

const failed = (title: string) => (error: unknown) => toast({ type: 'error', title, message: errorMessage(error) });

/**
 * Public or private, the link to copy, a new link (which ends the old one, so it asks first). The link is the
 * permission: anyone holding it can read the wishlist, signed in or not.
 */
export function SharePanel({ sharing }: { sharing: WishlistSharing }) {
  const { share, unshare, busy } = useWishlistSharing();
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();
  const link = sharing.token ? `${window.location.origin}${sharedWishlistPagePath(sharing.token)}` : '';

  const turnOn = () => share.mutate(undefined, { onError: failed('Could not share your wishlist') });
  const turnOff = () => unshare.mutate(undefined, { onError: failed('Could not stop sharing') });
  const regenerate = () =>
    share.mutate(undefined, {
      onSuccess: () => toast({ type: 'success', title: 'New link made', message: 'The old link no longer works.' }),
      onError: failed('Could not make a new link'),
      onSettled: () => setConfirming(false),
    });
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ type: 'success', title: 'Link copied' });
    } catch {
      toast({ type: 'error', title: 'Could not copy', message: 'Select the link and copy it yourself.' });
    }
  }

  return (
    <section
      aria-labelledby="wishlist-share-title"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="wishlist-share-title" className="flex items-center gap-2 font-semibold">
            <Link2 aria-hidden className="size-4" /> Share your wishlist
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {sharing.isPublic
              ? 'Anyone with the link can see your wishlist (titles, covers and prices; never your notes).'
              : 'Your wishlist is private.'}
          </p>
        </div>
        <label htmlFor={switchId} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
          Public
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={sharing.isPublic}
            disabled={busy}
            onClick={sharing.isPublic ? turnOff : turnOn}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60 ${
              sharing.isPublic ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-gray-300 dark:bg-gray-700'
            }`}
          >
            <span
              aria-hidden
              className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
                sharing.isPublic ? 'translate-x-5' : 'translate-x-0.5'
              }`}
            />
          </button>
        </label>
      </div>
      {sharing.isPublic && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            readOnly
            aria-label="Share link"
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1 basis-64 font-mono text-xs`}
          />
          <button type="button" className={secondaryButton} onClick={() => void copy()}>
            <Copy aria-hidden className="size-4" /> Copy link
          </button>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirming(true)}>
            <RefreshCw aria-hidden className="size-4" /> New link
          </button>
        </div>
      )}
      <Modal open={confirming} onOpenChange={setConfirming} width="md" closeButton={false}>
        <Dialog.Title className="text-lg font-semibold">Make a new link?</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          The current link stops working at once: anyone you sent it to will see Not found.
        </Dialog.Description>
        <div className="mt-5 flex justify-end gap-2">
          <Dialog.Close className={secondaryButton}>Cancel</Dialog.Close>
          <button type="button" className={primaryButton} disabled={share.isPending} onClick={regenerate}>
            Make new link
          </button>
        </div>
      </Modal>
    </section>
  );
}
