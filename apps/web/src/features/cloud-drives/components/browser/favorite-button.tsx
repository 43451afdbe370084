import { Star } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';

/** The star: a toggle, named for what it does now. */
export function FavoriteButton({
  name,
  isFavorite,
  onToggle,
}: {
  name: string;
  isFavorite: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={isFavorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      aria-pressed={isFavorite}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-gray-100 dark:hover:bg-gray-800 ${focusRing}`}
    >
      <Star
        aria-hidden
        className={`size-4 ${isFavorite ? 'fill-amber-400 text-amber-500' : 'text-gray-400 dark:text-gray-500'}`}
      />
    </button>
  );
}
