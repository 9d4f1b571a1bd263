import { LayerHistory, layersOf, newLayer, nudge, reorder } from './imageLayers';

describe('image template layers in the editor', () => {
  const template = { width: 1920, height: 1080 };

  it('keeps ids and the editable keys of the API layers', () => {
    const [layer] = layersOf([
      { id: 7, type: 'text', x: 1, y: 2, width: 3, height: 4, position: 0, font: { id: 2, family: 'X' } },
    ]);
    expect(layer).toMatchObject({ id: 7, type: 'text', x: 1, font: { id: 2 }, locked: false });
    expect(layer).not.toHaveProperty('position');
    expect(newLayer('text', template)).toMatchObject({
      x: 480,
      y: 432,
      width: 960,
      height: 216,
      text: 'Text',
    });
  });

  it('nudges by 1 px, with Shift by 10 px, and never a locked layer', () => {
    const layer = newLayer('shape', template);
    expect(nudge(layer, 'ArrowRight', false)).toMatchObject({ x: layer.x + 1, y: layer.y });
    expect(nudge(layer, 'ArrowUp', true)).toMatchObject({ x: layer.x, y: layer.y - 10 });
    expect(nudge({ ...layer, locked: true }, 'ArrowUp', false)).toBeNull();
    expect(nudge(layer, 'a', false)).toBeNull();
  });

  it('reorders within the list and undoes and redoes steps', () => {
    const a = newLayer('shape', template);
    const b = newLayer('text', template);
    expect(reorder([a, b], 0, 1)).toEqual([b, a]);
    expect(reorder([a, b], 1, 1)).toEqual([a, b]);
    const history = new LayerHistory();
    history.push([a]);
    expect(history.undo([a, b])).toEqual([a]);
    expect(history.redo([a])).toEqual([a, b]);
    expect(history.redo([a, b])).toBeNull();
  });
});
