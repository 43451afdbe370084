import type { PDFDocumentProxy } from 'pdfjs-dist';
import { flattenContents, type ContentsNode } from '../contents';
import type { ContentsEntry } from '../engine-types';

type OutlineItem = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number];

/** The page (1-based) an outline item's destination names, or null (a link out, a broken destination). */
async function pageOf(doc: PDFDocumentProxy, dest: OutlineItem['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const ref: unknown = explicit?.[0];
    if (typeof ref === 'number') return ref + 1;
    if (ref && typeof ref === 'object')
      return (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
  } catch {
    // An outline entry that leads nowhere is listed without a page.
  }
  return null;
}

async function nodesOf(doc: PDFDocumentProxy, items: readonly OutlineItem[]): Promise<ContentsNode<number | null>[]> {
  return Promise.all(
    items.map(async (item) => ({
      label: item.title,
      target: await pageOf(doc, item.dest),
      children: await nodesOf(doc, item.items ?? []),
    })),
  );
}

/** A PDF's outline (its bookmarks tree) as the reader's table of contents, each entry with its page. */
export async function pdfContents(doc: PDFDocumentProxy): Promise<ContentsEntry[]> {
  const outline = await doc.getOutline();
  if (!outline?.length) return [];
  return flattenContents(await nodesOf(doc, outline), (page) => ({ page }));
}
