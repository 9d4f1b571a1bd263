/** A layer as the editor holds it: the API's shape (`/api/image-templates` `layers`), ids kept. */
export interface EditedLayer {
  id?: number;
  type: 'text' | 'image' | 'shape';
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  opacity: number;
  text: string | null;
  font: { id: number } | null;
  fontSize: number | null;
  textAlign: 'left' | 'center' | 'right';
  color: string | null;
  image: { id: number } | null;
  locked: boolean;
}

export const LAYER_TYPES = { text: 'Text', image: 'Bild', shape: 'Form' } as const;

/** The layers of the form's value (the API may send more keys: only the editable ones are kept). */
export function layersOf(value: unknown): EditedLayer[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Partial<EditedLayer>) => ({
    ...(typeof raw.id === 'number' ? { id: raw.id } : {}),
    type: raw.type ?? 'shape',
    x: raw.x ?? 0,
    y: raw.y ?? 0,
    width: raw.width ?? 100,
    height: raw.height ?? 100,
    rotation: raw.rotation ?? 0,
    opacity: raw.opacity ?? 1,
    text: raw.text ?? null,
    font: raw.font ? { id: raw.font.id } : null,
    fontSize: raw.fontSize ?? null,
    textAlign: raw.textAlign ?? 'left',
    color: raw.color ?? null,
    image: raw.image ? { id: raw.image.id } : null,
    locked: raw.locked ?? false,
  }));
}

/** A new layer of a type, centred on a template of this size. */
export function newLayer(
  type: EditedLayer['type'],
  template: { width: number; height: number },
): EditedLayer {
  const width = Math.max(1, Math.round(template.width / (type === 'text' ? 2 : 3)));
  const height = Math.max(1, Math.round(template.height / (type === 'text' ? 5 : 3)));
  return {
    type,
    x: Math.round((template.width - width) / 2),
    y: Math.round((template.height - height) / 2),
    width,
    height,
    rotation: 0,
    opacity: 1,
    text: type === 'text' ? 'Text' : null,
    font: null,
    fontSize: type === 'text' ? Math.max(8, Math.round(height * 0.6)) : null,
    textAlign: 'left',
    color: type === 'image' ? null : type === 'text' ? '#000000' : '#e8620c',
    image: null,
    locked: false,
  };
}

/** Moves a layer by the arrow keys: 1 px, with Shift 10 px; locked layers stay. */
export function nudge(layer: EditedLayer, key: string, shift: boolean): EditedLayer | null {
  const step = shift ? 10 : 1;
  const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
    key
  ];
  if (!delta || layer.locked) return null;
  return { ...layer, x: layer.x + delta[0]!, y: layer.y + delta[1]! };
}

/** Moves the layer at `index` one step up (towards the front) or down; the list is bottom first. */
export function reorder(layers: EditedLayer[], index: number, direction: 1 | -1): EditedLayer[] {
  const target = index + direction;
  if (target < 0 || target >= layers.length) return layers;
  const next = [...layers];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Undo and redo of the layer list: every change is a step. */
export class LayerHistory {
  private past: EditedLayer[][] = [];
  private future: EditedLayer[][] = [];
  push(previous: EditedLayer[]) {
    this.past.push(previous);
    if (this.past.length > 100) this.past.shift();
    this.future = [];
  }
  undo(current: EditedLayer[]): EditedLayer[] | null {
    const previous = this.past.pop();
    if (!previous) return null;
    this.future.push(current);
    return previous;
  }
  redo(current: EditedLayer[]): EditedLayer[] | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current);
    return next;
  }
  get canUndo() {
    return this.past.length > 0;
  }
  get canRedo() {
    return this.future.length > 0;
  }
}
