import { lazy, Suspense, type ComponentType } from 'react';
import type { CustomEditor, CustomEditorProps } from './types';

/** An editor loaded on first use, with a quiet placeholder while its chunk arrives. */
export function lazyEditor<T>(load: () => Promise<ComponentType<CustomEditorProps<T>>>): CustomEditor<never> {
  // The editors' styles come with the first editor (a CSS chunk of its own; jest never loads it).
  const Editor = lazy(() =>
    Promise.all([import('./editors.css'), load()]).then(([, component]) => ({ default: component })),
  );
  function LazyEditor(props: CustomEditorProps<T>) {
    return (
      <Suspense fallback={<p className="ed-empty ed-loading">{props.label} wird geladen …</p>}>
        <Editor {...props} />
      </Suspense>
    );
  }
  return LazyEditor as unknown as CustomEditor<never>;
}
