import { READING_GOAL_MAX, UpdateProfileRequestSchema, type Me } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { primaryButtonClass } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';
import { SettingsSection } from './settings-section';

/** The yearly goal that the sidebar card and the dashboard measure finished books against. */
export function ReadingGoalTab({ me }: { me: Me }) {
  const id = useId();
  const update = useUpdateProfile();
  const [goal, setGoal] = useState(String(me.readingGoal));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const busy = update.isPending;
  const year = new Date().getFullYear();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.reset();
    if (goal.trim() === '') {
      setFieldError('Enter how many books you want to read.');
      return;
    }
    const parsed = UpdateProfileRequestSchema.safeParse({ readingGoal: Number(goal) });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    update.mutate(parsed.data, { onSuccess: () => toast.success('Reading goal updated') });
  }

  return (
    <SettingsSection
      title="Reading Goal"
      description={`Your goal is ${me.readingGoal} ${me.readingGoal === 1 ? 'book' : 'books'} in ${year}.`}
    >
      <form noValidate onSubmit={submit} className="max-w-xs space-y-4">
        {update.isError && <ErrorBox message={errorMessage(update.error)} />}
        <TextField
          id={`${id}-goal`}
          label="Books to read this year"
          type="number"
          inputMode="numeric"
          min={1}
          max={READING_GOAL_MAX}
          step={1}
          value={goal}
          onChange={(e) => setGoal(e.target.value)}
          error={fieldError}
          hint={`A whole number from 1 to ${READING_GOAL_MAX.toLocaleString('en')}.`}
          disabled={busy}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </form>
    </SettingsSection>
  );
}
