import { useRef } from 'react';
import { useErrorShown } from './touched';

/**
 * A German error below a field (server or client), read out with the field. Inside a form's
 * `TouchScope` it waits until the field was touched or saving was tried (an empty placeholder marks its
 * place meanwhile).
 */
export function FieldError({ message }: { message?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useErrorShown(ref);
  if (!message) return null;
  if (!shown) return <span ref={ref} className="ed-error-pending" hidden />;
  return (
    <span ref={ref} className="ed-error" role="alert">
      {message}
    </span>
  );
}
