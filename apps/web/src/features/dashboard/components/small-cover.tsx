import { GeneratedCover } from '../../../components/ui/generated-cover';

/**
 * A small cover for the dashboard's lists: the image, or the drawn cover's initials. Decorative either way: the
 * title is the link beside it.
 */
export function SmallCover({ title, author, coverUrl }: { title: string; author: string; coverUrl: string | null }) {
  return coverUrl ? (
    <img
      src={coverUrl}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      className="aspect-[2/3] w-10 shrink-0 rounded bg-indigo-100 object-cover dark:bg-indigo-950"
    />
  ) : (
    <GeneratedCover title={title} author={author} size="small" className="w-10" />
  );
}
