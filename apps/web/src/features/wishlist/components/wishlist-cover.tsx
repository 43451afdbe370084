import { useState } from 'react';
import { GeneratedCover } from '../../../components/ui/generated-cover';

/**
 * A wishlist card's cover: the image, or the drawn cover when there is none or it fails to load. Decorative:
 * the title is beside it.
 */
export function WishlistCover({ title, author, coverUrl }: { title: string; author: string; coverUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!coverUrl || failed) return <GeneratedCover title={title} author={author} size="large" />;
  return (
    <img
      src={coverUrl}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="aspect-[2/3] w-full rounded-md bg-gray-100 object-cover dark:bg-gray-800"
    />
  );
}
