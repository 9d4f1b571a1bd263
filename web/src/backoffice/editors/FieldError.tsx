/** A German error below a field (server or client), read out with the field. */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <span className="ed-error" role="alert">
      {message}
    </span>
  );
}
