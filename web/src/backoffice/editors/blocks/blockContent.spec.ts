import { BLOCK_CONTENT_SHAPES, BLOCK_TYPES, blockInput } from '@ordering/common/schemas';
import {
  BLOCK_FIELDS,
  buttonOrNull,
  emptyItem,
  normalizeContent,
  toStoredContent,
  withField,
  withItemAdded,
  withItemChanged,
  withItemMoved,
  withItemRemoved,
} from './blockContent';

// The per-type content shapes the API parses with (common/src/schemas/blocks.ts; the API adds HTML cleaning)
// judge what the editor sends.
const accepted = (type: (typeof BLOCK_TYPES)[number], content: Record<string, unknown>) => {
  const parsed = BLOCK_CONTENT_SHAPES[type].safeParse(content);
  if (!parsed.success) throw new Error(`${type}: ${JSON.stringify(parsed.error.issues)}`);
  expect(blockInput.safeParse({ identifier: 'start', type, content }).success).toBe(true);
  return parsed.data as Record<string, unknown>;
};

const picture = { id: 7, version: 2, extension: 'jpg', width: 1280, height: 720 };

describe('block content editor', () => {
  it('gives every type every field: empty texts, no picture, empty lists (accepted by the API as they are)', () => {
    for (const type of BLOCK_TYPES) {
      const content = normalizeContent(type, null);
      expect(Object.keys(content)).toEqual(BLOCK_FIELDS[type].map((field) => field.key));
      accepted(type, content);
    }
    expect(normalizeContent('hero', {})).toEqual({
      title: '',
      text: '',
      image: null,
      buttons: [],
      introduction: '',
      isIntroductionColored: false,
    });
  });

  it('hero: title, picture, buttons edited, reordered and removed; the API stores the picture as { id }', () => {
    let content = normalizeContent('hero', { title: 'Alt', image: null, unknown: 'weg' });
    expect(content).not.toHaveProperty('unknown');
    content = withField(content, 'title', 'Frisch vom Holzofen');
    content = withField(content, 'image', picture);
    content = withItemAdded(content, 'buttons', emptyItem('buttons'));
    content = withItemChanged(content, 'buttons', 0, { label: 'Speisekarte', url: '/speisekarte' });
    content = withItemAdded(content, 'buttons', { label: 'Anrufen', url: 'tel:+431234' });
    content = withItemMoved(content, 'buttons', 1, 0);
    expect(content.buttons).toEqual([
      { label: 'Anrufen', url: 'tel:+431234' },
      { label: 'Speisekarte', url: '/speisekarte' },
    ]);
    const stored = accepted('hero', content);
    expect(stored.image).toEqual({ id: 7 });
    expect(stored.title).toBe('Frisch vom Holzofen');
    expect(toStoredContent('hero', content).image).toEqual({ id: 7 });
    expect(withItemRemoved(content, 'buttons', 0).buttons).toEqual([
      { label: 'Speisekarte', url: '/speisekarte' },
    ]);
  });

  it('an empty new button is refused by the API, naming its label', () => {
    const content = withItemAdded(normalizeContent('sectionInfoBox', {}), 'items', emptyItem('buttons'));
    const parsed = BLOCK_CONTENT_SHAPES.sectionInfoBox.safeParse(content);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['items', 0, 'label']);
  });

  it('text boxes: a button with neither label nor link becomes none', () => {
    let content = normalizeContent('sectionTextBoxes', {});
    content = withItemAdded(content, 'boxes', emptyItem('textBoxes'));
    content = withItemChanged(content, 'boxes', 0, {
      title: 'Estrich',
      text: '<p>Fließestrich</p>',
      button: buttonOrNull({ label: '', url: '' }),
    });
    expect(accepted('sectionTextBoxes', content).boxes).toEqual([
      { title: 'Estrich', text: '<p>Fließestrich</p>', button: null },
    ]);
    expect(buttonOrNull({ label: 'Mehr', url: '' })).toEqual({ label: 'Mehr', url: '' });
  });

  it('picture lists and contact boxes keep their order and store references', () => {
    let gallery = normalizeContent('sectionService', {
      gallery: [picture, { id: 9, version: 1, extension: 'png' }],
    });
    gallery = withItemMoved(gallery, 'gallery', 0, 1);
    expect(toStoredContent('sectionService', gallery).gallery).toEqual([{ id: 9 }, { id: 7 }]);
    expect(accepted('sectionService', gallery).gallery).toEqual([{ id: 9 }, { id: 7 }]);

    let contact = withItemAdded(normalizeContent('sectionContact', {}), 'boxes', emptyItem('contactBoxes'));
    contact = withItemChanged(contact, 'boxes', 0, { title: 'Telefon', image: picture, text: '' });
    expect(accepted('sectionContact', contact).boxes).toEqual([
      { title: 'Telefon', image: { id: 7 }, text: '' },
    ]);
  });

  it('image position defaults to left and keeps right', () => {
    expect(normalizeContent('sectionImageText', {}).imagePosition).toBe('left');
    expect(
      accepted('sectionImageText', normalizeContent('sectionImageText', { imagePosition: 'right' }))
        .imagePosition,
    ).toBe('right');
  });
});
