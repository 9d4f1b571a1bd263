import { lazy, Suspense } from 'react';

// The Markdown library and the document styles are a chunk of their own: only a legal text or a dialog
// that shows one loads them, so the storefront's first load does not carry them.
const MarkdownDocument = lazy(() => import('./MarkdownDocument'));

/**
 * The Markdown of a legal text or description as a document (see `MarkdownDocument`): headings, lists,
 * tables, a table of contents for long texts. While its chunk loads, the box is there and marked busy.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={className} aria-busy="true" />}>
      <MarkdownDocument text={text} className={className} />
    </Suspense>
  );
}
