import { lazy, type ComponentType } from 'react';

/**
 * Panels above a list by the key its description names (`listPanel`), each a chunk of its own. Keys, not
 * components, in the descriptions: the browser tests read the descriptions in Node.
 *
 * | key          | list                                                                 |
 * | ------------ | -------------------------------------------------------------------- |
 * | `timeSheets` | working activities: Arbeitszeiten of a week, the year's Urlaubskonten, PINs (managers) |
 */
export const listPanels: Record<string, ComponentType> = {
  timeSheets: lazy(() => import('./TimeSheetPanel').then((m) => ({ default: m.TimeSheetPanel }))),
};
