import { ReadingMessages } from '@bookshelf/contract';
import { Suspense, useState } from 'react';
import { engineFor } from '../../engines/engine-for';
import type { EngineProps } from '../../engines/engine-types';
import type { ReaderState } from '../../lib/reader-state';
import { PdfErrorPanel } from '../../engines/pdf/pdf-error-panel';
import { EngineBoundary } from './engine-boundary';
import { ReaderError, ReaderErrorActions, ReaderLoading } from './reader-states';

type EngineCallbacks = Pick<EngineProps, 'onReady' | 'onLocation' | 'onLoadProgress' | 'onError' | 'onContents'>;

interface ReaderDocumentProps extends EngineCallbacks {
  state: ReaderState;
  file: EngineProps['file'];
  content: EngineProps['content'];
  /** Reflowed books open at their saved place. */
  reflowable: boolean;
  onClose: () => void;
  onRetry: () => void;
}

/** The page area: the engine (its chunk loaded now), with the loading and error states over or instead of it. */
export function ReaderDocument({ state, onClose, onRetry, ...engine }: ReaderDocumentProps) {
  if (state.phase === 'error') {
    // A PDF that cannot be shown gets the spec's one panel (core.md §2 Cannot Display PDF, §8 Failed to load PDF
    // document), with Close and Retry in it; every other format gets Failed to Load Document.
    if (engine.file.fileType === 'pdf') {
      return (
        <div role="alert" className="flex h-full items-center justify-center p-6">
          <PdfErrorPanel content={engine.content}>
            <ReaderErrorActions onClose={onClose} onRetry={onRetry} />
          </PdfErrorPanel>
        </div>
      );
    }
    return <ReaderError message={state.error ?? 'Unknown error'} onClose={onClose} onRetry={onRetry} />;
  }
  const label = engine.file.fileType === 'pdf' ? ReadingMessages.loadingPdf : 'Loading document...';
  return (
    <>
      {state.phase !== 'opening' && (
        // Remounted by Retry: a fresh engine, and a fresh lazy import after a chunk that failed to load.
        <EngineBoundary key={state.attempt} onError={engine.onError}>
          <EngineSlot state={state} {...engine} />
        </EngineBoundary>
      )}
      {state.phase !== 'ready' && <ReaderLoading label={label} progress={state.loadProgress} />}
    </>
  );
}

function EngineSlot({
  state,
  file,
  content,
  reflowable,
  ...callbacks
}: Omit<ReaderDocumentProps, 'onClose' | 'onRetry'>) {
  const [Engine] = useState(() => engineFor(file.fileType));
  if (!Engine) return null;
  return (
    <Suspense fallback={null}>
      <Engine
        file={file}
        content={content}
        page={state.page}
        initialLocation={reflowable ? state.initialLocation : null}
        zoom={state.preferences.zoom}
        rotation={state.rotation}
        theme={state.preferences.theme}
        fontSize={state.preferences.fontSize}
        fontFamily={state.preferences.fontFamily}
        pageMode={state.preferences.pageMode}
        {...callbacks}
      />
    </Suspense>
  );
}
