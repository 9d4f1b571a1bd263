import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

export { moveItem } from './moveItem';

const ANNOUNCEMENTS = {
  onDragStart: ({ active }: { active: { id: string | number } }) =>
    `Eintrag ${position(active.id)} aufgenommen. Mit den Pfeiltasten verschieben, Leertaste legt ab, Escape bricht ab.`,
  onDragOver: ({
    active,
    over,
  }: {
    active: { id: string | number };
    over: { id: string | number } | null;
  }) => (over ? `Eintrag ${position(active.id)} ist über Position ${position(over.id)}.` : undefined),
  onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
    over ? `Eintrag ${position(active.id)} auf Position ${position(over.id)} abgelegt.` : undefined,
  onDragCancel: ({ active }: { active: { id: string | number } }) =>
    `Verschieben von Eintrag ${position(active.id)} abgebrochen.`,
};

function position(id: string | number): number {
  return Number(String(id).split('-').at(-1)) + 1;
}

/**
 * A vertical list whose rows are reordered by dragging their handle (mouse, touch) or from the keyboard
 * (focus the handle, Space to pick up, arrows to move, Space to drop), with German announcements for
 * screen readers. Rows are addressed by index: the lists edited here have no ids before they are saved.
 */
export function SortableList<T>(props: {
  /** Prefix of the row ids (unique on the page). */
  id: string;
  items: readonly T[];
  onMove(from: number, to: number): void;
  renderItem(item: T, index: number, handle: ReactNode): ReactNode;
  disabled?: boolean;
  /** The label of a handle, e.g. "Regel 2 verschieben". */
  handleLabel(index: number): string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((_, index) => `${props.id}-${index}`);
  function onDragEnd(event: DragEndEvent) {
    if (!event.over) return;
    const from = ids.indexOf(String(event.active.id));
    const to = ids.indexOf(String(event.over.id));
    if (from >= 0 && to >= 0 && from !== to) props.onMove(from, to);
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: ANNOUNCEMENTS,
        screenReaderInstructions: {
          draggable:
            'Zum Verschieben Leertaste drücken, mit den Pfeiltasten bewegen und mit Leertaste ablegen. Escape bricht ab.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={props.disabled}>
        <ol className="ed-sortable">
          {props.items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} label={props.handleLabel(index)}>
              {(handle) => props.renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow(props: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.id });
  const handle = (
    <button
      type="button"
      className="ed-handle"
      ref={setActivatorNodeRef}
      aria-label={props.label}
      title={props.label}
      {...attributes}
      {...listeners}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`ed-sortable__row${isDragging ? ' ed-sortable__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {props.children(handle)}
    </li>
  );
}
