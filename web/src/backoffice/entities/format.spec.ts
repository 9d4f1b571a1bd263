import { ENTITY_DESCRIPTIONS } from './descriptions';
import { formatCell } from './format';
import type { RefOptionsStore } from './RefOptionsStore';

describe('list cells', () => {
  const uploads = ENTITY_DESCRIPTIONS.find((d) => d.collection === 'uploads')!;
  const cell = (field: string, row: Record<string, unknown>) =>
    formatCell(
      uploads,
      uploads.columns.find((c) => c.field === field)!,
      row,
      {} as RefOptionsStore,
    );

  it("shows an upload's size and a video's length as people read them", () => {
    expect(cell('size', { size: 8.2 * 1024 * 1024 })).toBe('8,2 MB');
    expect(cell('duration', { duration: 12.4 })).toBe('12,4 s');
    expect(cell('duration', { duration: 125 })).toBe('2 min 5 s');
    // Not a video, or a length the container did not state.
    expect(cell('duration', { duration: null })).toBe('–');
  });
});
