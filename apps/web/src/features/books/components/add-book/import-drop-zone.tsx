import { ImportLimits, ImportMessages } from '@bookshelf/contract';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { CSV_FORMATS } from './import-formats';

interface ImportDropZoneProps {
  busy: boolean;
  onFile: (file: { text: string; filename: string }) => void;
}

const ACCEPT = '.csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json,text/plain';

/** Where a library file is dropped or picked; it is read here so a file too large never leaves the browser. */
export function ImportDropZone({ busy, onFile }: ImportDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function take(file: File | undefined) {
    if (!file || busy) return;
    setProblem(null);
    if (file.size > ImportLimits.maxBytes) {
      setProblem(ImportMessages.tooLarge);
      return;
    }
    onFile({ text: await file.text(), filename: file.name });
  }

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center text-sm transition-colors ${
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
            : 'border-gray-300 text-gray-600 dark:border-gray-700 dark:text-gray-400'
        }`}
      >
        <FileUp aria-hidden className="size-8 text-gray-400" />
        <p>
          Drop your library file here, or{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => input.current?.click()}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            choose a file
          </button>
          .
        </p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          aria-label="Library file to import"
          className="sr-only"
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p className="text-xs">CSV, TSV or JSON, up to 50 MB. Nothing is added until you confirm.</p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      <div className="text-sm text-gray-600 dark:text-gray-400">
        <p>Supported formats:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {CSV_FORMATS.map((format) => (
            <li key={format}>{format}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
