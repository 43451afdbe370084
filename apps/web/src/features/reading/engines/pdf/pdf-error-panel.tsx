import { ReadingMessages } from '@bookshelf/contract';
import { FileExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../../../components/ui/button-styles';
import type { FileContentSource } from '../../../cloud-drives/public';

/** The browser cannot run pdf.js at all (no module workers): core.md §2's fallback. */
export const PDF_VIEWER_NOT_SUPPORTED = 'PDF Viewer Not Supported';

interface PdfErrorPanelProps {
  content: FileContentSource;
  title?: string;
  /** The reader's own ways out (Close, Retry) when the whole file failed: one panel, not two stacked. */
  children?: ReactNode;
}

/** core.md §2 PDF viewer: Cannot Display PDF, with Download PDF and Open in New Tab. */
export function PdfErrorPanel({ content, title = ReadingMessages.cannotDisplayPdf, children }: PdfErrorPanelProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 text-center">
      <FileExclamationPoint aria-hidden className="size-10 text-red-500" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{ReadingMessages.pdfLoadFailed}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <a className={primaryButton} href={content.downloadUrl} download>
          Download PDF
        </a>
        <a className={secondaryButton} href={content.url} target="_blank" rel="noopener noreferrer">
          Open in New Tab
        </a>
        {children}
      </div>
    </div>
  );
}
