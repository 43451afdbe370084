import { FormSection } from '../book-form/form-controls';
import { NewBookPhotos } from '../images/new-book-photos';
import type { LocalPhotos } from '../images/use-local-photos';

/** The optional Photos part of the Add New Book form (Manual Entry and ISBN Lookup share the same photos). */
export function AddBookPhotos({ photos }: { photos: LocalPhotos }) {
  return (
    <FormSection title="Photos">
      <NewBookPhotos photos={photos} />
    </FormSection>
  );
}
