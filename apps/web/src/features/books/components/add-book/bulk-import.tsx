import type { DuplicateChoice, ImportPreview, ImportStatus } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBox } from '../../../../components/ui/error-box';
import { errorMessage } from '../../../../lib/error-message';
import { createImport, importsQueryOptions, startImport } from '../../api/imports';
import { ImportDropZone } from './import-drop-zone';
import { ImportPreviewView } from './import-preview-view';
import { ImportProgressView } from './import-progress-view';

type Step =
  | { kind: 'pick'; error?: string }
  | { kind: 'reading' }
  | { kind: 'preview'; preview: ImportPreview; starting: boolean; error?: string }
  | { kind: 'running'; status: ImportStatus };

/**
 * Bulk Import (issue 12): pick a file → preview → confirm → a server-side job with a progress bar → summary.
 * An import still running (this tab was reloaded, or the dialog closed) is picked up again on opening.
 */
export function BulkImport({ onViewLibrary }: { onViewLibrary: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const history = useQuery(importsQueryOptions());
  const running = history.data?.items.find((i) => i.state === 'running');
  const shown: Step = step.kind === 'pick' && running && !step.error ? { kind: 'running', status: running } : step;

  async function read(file: { text: string; filename: string }) {
    setStep({ kind: 'reading' });
    try {
      setStep({ kind: 'preview', preview: await createImport(file), starting: false });
    } catch (error) {
      setStep({ kind: 'pick', error: errorMessage(error) });
    }
  }

  async function start(preview: ImportPreview, duplicates: DuplicateChoice) {
    setStep({ kind: 'preview', preview, starting: true });
    try {
      setStep({ kind: 'running', status: await startImport(preview.id, duplicates) });
    } catch (error) {
      setStep({ kind: 'preview', preview, starting: false, error: errorMessage(error) });
    }
  }

  switch (shown.kind) {
    case 'pick':
    case 'reading':
      return (
        <section aria-label="Bulk Import from CSV" className="space-y-3">
          {shown.kind === 'pick' && shown.error && <ErrorBox message={shown.error} />}
          <ImportDropZone busy={shown.kind === 'reading'} onFile={(file) => void read(file)} />
          {shown.kind === 'reading' && (
            <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
              Reading the file…
            </p>
          )}
        </section>
      );
    case 'preview':
      return (
        <div className="space-y-3">
          {shown.error && <ErrorBox message={shown.error} />}
          <ImportPreviewView
            preview={shown.preview}
            busy={shown.starting}
            onStart={(duplicates) => void start(shown.preview, duplicates)}
            onCancel={() => setStep({ kind: 'pick' })}
          />
        </div>
      );
    case 'running':
      return (
        <ImportProgressView
          key={shown.status.id}
          started={shown.status}
          onViewLibrary={onViewLibrary}
          onAnother={() => {
            setStep({ kind: 'pick' });
            void history.refetch();
          }}
        />
      );
  }
}
