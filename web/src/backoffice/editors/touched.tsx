import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';

/**
 * "No error before the user has touched a field": the editors check while typing, so a new, still empty
 * row (a part, a rule, an area) would otherwise greet the user with red messages. A form wraps its fields
 * in a {@link TouchScope}; a field the user has left or changed is marked (`data-touched` on its label or
 * `.ed-field`), and every {@link FieldError} inside the scope shows its message only when its field was
 * touched or the user tried to save. Without a scope (an editor on its own) messages show as before.
 */
interface TouchState {
  /** The user tried to save: every message shows. */
  readonly submitted: boolean;
  /** Grows with each newly touched field, so the messages look again. */
  readonly version: number;
}

const TouchContext = createContext<TouchState | null>(null);

/** The element that counts as one field: the label around an input, or an editor's `.ed-field`. */
export const FIELD_SELECTOR = 'label, .ed-field';

/** Marks the field of an element the user left or changed; true when it was not marked before. */
export function markTouched(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  const field = target.closest(FIELD_SELECTOR) ?? target;
  if (field.hasAttribute('data-touched')) return false;
  field.setAttribute('data-touched', '');
  return true;
}

/** Whether the field around `element` (its label or `.ed-field`, else its parent group) was touched. */
export function isFieldTouched(element: Element): boolean {
  const field = element.closest(FIELD_SELECTOR) ?? element.parentElement;
  return !!field && (field.hasAttribute('data-touched') || field.querySelector('[data-touched]') !== null);
}

export function TouchScope({ submitted, children }: { submitted: boolean; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  const touch = (event: SyntheticEvent) => {
    if (markTouched(event.target)) setVersion((v) => v + 1);
  };
  return (
    <div
      className={`ed-touch-scope${submitted ? ' ed-touch-scope--submitted' : ''}`}
      onBlur={touch}
      onChange={touch}
    >
      <TouchContext.Provider value={{ submitted, version }}>{children}</TouchContext.Provider>
    </div>
  );
}

/** Whether a message placed at `ref` may show now (see {@link TouchScope}). */
export function useErrorShown(ref: RefObject<Element | null>): boolean {
  const scope = useContext(TouchContext);
  const [touched, setTouched] = useState(false);
  useLayoutEffect(() => {
    if (!scope || scope.submitted || !ref.current) return;
    setTouched(isFieldTouched(ref.current));
  }, [scope, ref]);
  return !scope || scope.submitted || touched;
}
