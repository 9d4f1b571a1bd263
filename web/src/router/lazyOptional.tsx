import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Leaves its children out when they throw (a chunk that could not be fetched); the page around stays. */
class LeaveOut extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of a page that has its code in a chunk of its own and that the page can do without (the
 * footer's map): nothing while the chunk loads, and nothing when it cannot be fetched (offline before the
 * service worker keeps it, a new deployment removed it) — `React.lazy` alone throws to the route's error
 * page and the whole page is gone. A failed chunk is fetched again the next time the part is shown.
 */
export function lazyOptional<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (Loaded) => ({ default: Loaded }),
        (error: unknown) => {
          current = attempt();
          throw error;
        },
      ),
    );
  let current = attempt();
  return function OptionalPart(props: P) {
    const Part = current;
    return (
      <LeaveOut>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </LeaveOut>
    );
  };
}
