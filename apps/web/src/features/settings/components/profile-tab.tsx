import { UpdateProfileRequestSchema, type Me } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { primaryButtonClass, smallButtonClass } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';
import { AvatarPreview } from './avatar-preview';
import { SettingsSection } from './settings-section';

type Field = 'name' | 'avatar';

const HTTP_URL = /^https?:\/\/\S+$/i;

export function ProfileTab({ me }: { me: Me }) {
  const id = useId();
  const update = useUpdateProfile();
  const [name, setName] = useState(me.name);
  const [avatar, setAvatar] = useState(me.avatar ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = update.isPending;
  const trimmedAvatar = avatar.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.reset();
    // An emptied field means "no avatar", which the API spells null.
    const parsed = UpdateProfileRequestSchema.safeParse({ name, avatar: trimmedAvatar === '' ? null : trimmedAvatar });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        // Show what the server stored (trimmed), so the form and the header agree.
        setName(saved.name);
        setAvatar(saved.avatar ?? '');
        toast.success('Profile updated');
      },
    });
  }

  return (
    <SettingsSection title="Profile" description="How you appear in Bookshelf and to the people you share with.">
      <form noValidate onSubmit={submit} className="space-y-5">
        {update.isError && <ErrorBox message={errorMessage(update.error)} />}
        <div className="flex flex-wrap items-center gap-4">
          <AvatarPreview name={name || me.name} url={HTTP_URL.test(trimmedAvatar) ? trimmedAvatar : null} />
          {trimmedAvatar !== '' && (
            <button type="button" className={smallButtonClass} onClick={() => setAvatar('')} disabled={busy}>
              Remove avatar
            </button>
          )}
        </div>
        <TextField
          id={`${id}-name`}
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          disabled={busy}
        />
        <TextField
          id={`${id}-avatar`}
          label="Avatar URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/me.jpg"
          value={avatar}
          onChange={(e) => setAvatar(e.target.value)}
          error={errors.avatar}
          hint="An http:// or https:// address of an image. Leave empty for your initials."
          disabled={busy}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={me.email ?? 'Not shared by your sign-in provider'}
          readOnly
          hint="Your email address is used to sign in and cannot be changed here."
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </form>
    </SettingsSection>
  );
}
