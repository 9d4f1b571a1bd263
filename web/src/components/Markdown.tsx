import { lazy, Suspense } from 'react';

let loading: Promise<typeof import('./MarkdownDocument')> | null = null;

/**
 * Loads the document chunk (once): the Markdown library and the document styles are a chunk of their own,
 * so only a legal text or a dialog that shows one loads them and the storefront's first load does not.
 */
export function loadMarkdownDocument() {
  return (loading ??= import('./MarkdownDocument'));
}

const MarkdownDocument = lazy(loadMarkdownDocument);

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
