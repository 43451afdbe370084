import {
  CreateReadingGoalRequestSchema,
  GOAL_TYPES,
  GOAL_UNITS,
  ReaderLimits,
  ReadingMessages,
  type GoalType,
} from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../../components/ui/button-styles';
import { selectClass } from '../../../../components/ui/form-styles';
import { Modal } from '../../../../components/ui/modal';
import { TextField } from '../../../../components/ui/text-field';
import { ApiRequestError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { fieldErrors } from '../../../../lib/field-errors';
import { toast } from '../../../../lib/toast';
import { useCreateGoal } from '../../api/use-reading-goals';
import { defaultGoalDates } from './goal-dates';

type Field = 'type' | 'target' | 'unit' | 'startDate' | 'endDate';

const TYPE_LABELS: Record<GoalType, string> = { books: 'Books', pages: 'Pages', minutes: 'Minutes' };

/** The server's field issues (`body.target`) by field, so its 400 shows where the client's check would. */
const serverFieldErrors = (error: unknown): Partial<Record<Field, string>> =>
  error instanceof ApiRequestError
    ? fieldErrors<Field>(
        error.issues.map((i) => ({ path: i.path.replace(/^body\./, '').split('.'), message: i.message })),
      )
    : {};

interface NewGoalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
}

/** A reading goal (core.md §3, §7): type, target, unit and dates, checked by the server's own schema first. */
export function NewGoalDialog({ open, onOpenChange, timeZone }: NewGoalDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="md">
      {open && <NewGoalForm timeZone={timeZone} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function NewGoalForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const create = useCreateGoal();
  const id = useId();
  const [defaults] = useState(() => defaultGoalDates(timeZone));
  const [type, setType] = useState<GoalType>('books');
  const [target, setTarget] = useState('');
  // The unit follows the type until the reader writes their own ("chapters").
  const [unit, setUnit] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(defaults.startDate);
  const [endDate, setEndDate] = useState(defaults.endDate);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateReadingGoalRequestSchema.safeParse({
      type,
      target: target.trim() === '' ? Number.NaN : Number(target),
      unit: unit ?? GOAL_UNITS[type],
      startDate,
      endDate,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ type: 'success', title: 'Reading goal created' });
        onDone();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toast({ type: 'error', title: ReadingMessages.createGoalFailed, message: errorMessage(error) });
      },
    });
  }

  const busy = create.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="pr-8">
        <Dialog.Title className="text-lg font-semibold">New Reading Goal</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Your sessions count towards it as you read.
        </Dialog.Description>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-type`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
          Goal type
        </label>
        <select
          id={`${id}-type`}
          value={type}
          disabled={busy}
          onChange={(e) => setType(e.target.value as GoalType)}
          className={selectClass}
        >
          {GOAL_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-target`}
          label="Target"
          type="number"
          inputMode="numeric"
          min={1}
          max={ReaderLimits.goalTargetMax}
          step={1}
          required
          value={target}
          disabled={busy}
          onChange={(e) => setTarget(e.target.value)}
          error={errors.target}
        />
        <TextField
          id={`${id}-unit`}
          label="Unit"
          value={unit ?? GOAL_UNITS[type]}
          maxLength={30}
          disabled={busy}
          onChange={(e) => setUnit(e.target.value)}
          error={errors.unit}
        />
        <TextField
          id={`${id}-start`}
          label="Start date"
          type="date"
          required
          value={startDate}
          disabled={busy}
          onChange={(e) => setStartDate(e.target.value)}
          error={errors.startDate}
        />
        <TextField
          id={`${id}-end`}
          label="End date"
          type="date"
          required
          min={startDate}
          value={endDate}
          disabled={busy}
          onChange={(e) => setEndDate(e.target.value)}
          error={errors.endDate}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close type="button" className={secondaryButton}>
          Cancel
        </Dialog.Close>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Creating...' : 'Create Goal'}
        </button>
      </div>
    </form>
  );
}
