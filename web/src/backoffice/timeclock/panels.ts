import { lazy } from 'react';

/** The time sheets above the activity list, a chunk of their own (description `listPanel`). */
export const LazyTimeSheetPanel = lazy(() =>
  import('./TimeSheetPanel').then((m) => ({ default: m.TimeSheetPanel })),
);
