/** Editor HTML, cleaned by the server's wysiwyg rules before it was stored. */
export function RichText({ html, className }: { html?: string | null; className?: string }) {
  if (!html?.trim()) return null;
  return (
    <div
      className={`content-rich${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
