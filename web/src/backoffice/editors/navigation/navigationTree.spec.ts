import {
  addItem,
  canIndent,
  indent,
  itemAt,
  moveSibling,
  newItem,
  outdent,
  removeItem,
  updateItem,
  validateTree,
  type NavigationItem,
} from './navigationTree';

const item = (label: string, children: NavigationItem[] = []): NavigationItem => ({
  ...newItem(),
  label,
  target: label.toLowerCase(),
  children,
});
const labels = (items: NavigationItem[]): unknown =>
  items.map((i) => (i.children.length ? [i.label, labels(i.children)] : i.label));

const tree = [item('Start'), item('Speisen', [item('Mittag'), item('Abend')]), item('Kontakt')];

describe('navigation tree editor rules', () => {
  it('finds, changes, adds and removes items by their path', () => {
    expect(itemAt(tree, [1, 1])?.label).toBe('Abend');
    expect(labels(updateItem(tree, [1, 0], { label: 'Mittagsmenü' }))).toEqual([
      'Start',
      ['Speisen', ['Mittagsmenü', 'Abend']],
      'Kontakt',
    ]);
    expect(addItem(tree, [1])[1]!.children).toHaveLength(3);
    expect(labels(removeItem(tree, [1, 1]))).toEqual(['Start', ['Speisen', ['Mittag']], 'Kontakt']);
    expect(labels(tree)).toEqual(['Start', ['Speisen', ['Mittag', 'Abend']], 'Kontakt']); // unchanged
  });

  it('reorders siblings on any level', () => {
    expect(labels(moveSibling(tree, [1], 1, 0))).toEqual([
      'Start',
      ['Speisen', ['Abend', 'Mittag']],
      'Kontakt',
    ]);
    expect(labels(moveSibling(tree, [], 2, 0))).toEqual([
      'Kontakt',
      'Start',
      ['Speisen', ['Mittag', 'Abend']],
    ]);
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    expect(labels(indent(tree, [2]))).toEqual(['Start', ['Speisen', ['Mittag', 'Abend', 'Kontakt']]]);
    expect(labels(outdent(tree, [1, 0]))).toEqual(['Start', ['Speisen', ['Abend']], 'Mittag', 'Kontakt']);
    expect(canIndent(tree, [0])).toBe(false); // no previous sibling
  });

  it('keeps the depth limit of three levels', () => {
    const deep = [item('A', [item('B', [item('C')])]), item('D', [item('E', [item('F')])])];
    expect(canIndent(deep, [1])).toBe(false); // D with its grandchild would reach level 4
    expect(canIndent(deep, [1, 0, 0].slice(0, 2))).toBe(false); // E is the first child: nothing before it
    expect(canIndent([item('A'), item('B', [item('C')])], [1])).toBe(true); // B at 2, C at 3
    expect(canIndent(deep, [0, 0, 0])).toBe(false);
    expect(labels(indent(deep, [1]))).toEqual(labels(deep));
  });

  it('checks labels and targets as the API does, at their paths', () => {
    expect(
      validateTree([
        { ...item(''), type: 'link', target: 'javascript:alert(1)' },
        item('Filialen', [
          { ...item('Wien'), type: 'branch', target: '' },
          { ...item('Seite'), target: 'a//b' },
        ]),
      ]),
    ).toEqual({
      '[0].label': 'Dieser Wert sollte nicht leer sein.',
      '[0].target': 'Dieser Wert ist keine gültige URL.',
      '[1].children[0].target': 'Dieser Wert sollte nicht leer sein.',
      '[1].children[1].target': 'Dieser Wert ist keine gültige URL.',
    });
  });
});
