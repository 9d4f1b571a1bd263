import type { ConfigurablePart } from './contract/catalog.js';
import {
  allowsMultipleFiles,
  cartStorageKey,
  clearCart,
  emptyCart,
  emptyPartValue,
  isAcceptedFileName,
  isCartItemValid,
  isDeliveryMethodChosen,
  isFilePart,
  isPartValueValid,
  migrateCart,
  productSnapshot,
  removeItem,
  saveItem,
  startItem,
  stepNavigation,
  toggleMultiselectOption,
  toggleSelectOption,
  toOrderFormItems,
  uploadAcceptAttribute,
  uploadExtensions,
  type CartItem,
} from './cart.js';
import { makeProduct } from './testing/fixtures.js';

const part = (type: ConfigurablePart['type'], optional = false): ConfigurablePart => ({
  name: type,
  type,
  optional,
  options: [
    { name: 'A', modifier: 'add', value: 1 },
    { name: 'B', modifier: 'add', value: 2 },
  ],
});
const file = { id: 5 };

describe('cart', () => {
  describe(isPartValueValid.name, () => {
    it('needs a selection for a required select', () => {
      expect(isPartValueValid(part('select'), 1)).toBe(true);
      expect(isPartValueValid(part('select'), null)).toBe(false);
      expect(isPartValueValid(part('select'), 7)).toBe(false);
    });

    it('needs at least one entry for required multiselect, file, files, image and images', () => {
      expect(isPartValueValid(part('multiselect'), [0, 1])).toBe(true);
      expect(isPartValueValid(part('multiselect'), [])).toBe(false);
      expect(isPartValueValid(part('multiselect'), [4])).toBe(false);
      for (const type of ['file', 'files', 'image', 'images'] as const) {
        expect(isPartValueValid(part(type), [file])).toBe(true);
        expect(isPartValueValid(part(type), [])).toBe(false);
      }
    });

    it('allows several files only for the plural types', () => {
      expect(isPartValueValid(part('images'), [file, { id: 6 }])).toBe(true);
      expect(isPartValueValid(part('image'), [file, { id: 6 }])).toBe(false);
      expect(isPartValueValid(part('files'), ['x'] as never)).toBe(false);
      expect(isPartValueValid(part('images'), [file, file])).toBe(false);
    });

    it('needs a non-empty text for required text and textarea', () => {
      expect(isPartValueValid(part('text'), 'Happy Birthday')).toBe(true);
      expect(isPartValueValid(part('textarea'), '   ')).toBe(false);
      expect(isPartValueValid(part('text'), 3)).toBe(false);
    });

    it('accepts empty values for optional parts', () => {
      for (const type of [
        'select',
        'multiselect',
        'text',
        'textarea',
        'image',
        'images',
        'file',
        'files',
      ] as const) {
        expect(isPartValueValid(part(type, true), emptyPartValue(type))).toBe(true);
      }
      expect(isPartValueValid(part('select', true), undefined)).toBe(true);
    });
  });

  describe(isCartItemValid.name, () => {
    const product = makeProduct({ config: { parts: [part('select'), part('text', true)] } });

    it('is valid when the amount is positive and every part is valid', () => {
      expect(isCartItemValid({ amount: 1, parts: [0, ''] }, product)).toBe(true);
    });

    it('is invalid when the amount is zero or a required part is missing', () => {
      expect(isCartItemValid({ amount: 0, parts: [0, ''] }, product)).toBe(false);
      expect(isCartItemValid({ amount: 1, parts: [null, ''] }, product)).toBe(false);
      expect(isCartItemValid({ amount: 2, parts: [] }, makeProduct())).toBe(true);
    });
  });

  describe(uploadExtensions.name, () => {
    it('accepts jpg, jpeg, png and gif for image parts and the default list otherwise', () => {
      expect(uploadExtensions('image')).toEqual(['jpg', 'jpeg', 'png', 'gif']);
      expect(uploadExtensions('files')).toEqual([
        'txt',
        'csv',
        'gif',
        'jpg',
        'jpeg',
        'png',
        'svg',
        'mp4',
        'mpeg',
        'webm',
        'zip',
        'pdf',
        'doc',
        'docx',
        'xls',
        'xlsx',
        'ppt',
        'pptx',
      ]);
      expect(uploadAcceptAttribute('images')).toBe('.jpg,.jpeg,.png,.gif');
    });
  });

  describe(allowsMultipleFiles.name, () => {
    it('is true only for images and files', () => {
      expect(allowsMultipleFiles('images')).toBe(true);
      expect(allowsMultipleFiles('files')).toBe(true);
      expect(allowsMultipleFiles('image')).toBe(false);
      expect(allowsMultipleFiles('file')).toBe(false);
      expect(isFilePart('file')).toBe(true);
      expect(isFilePart('text')).toBe(false);
    });
  });

  describe(isAcceptedFileName.name, () => {
    it('checks the extension case-insensitively', () => {
      expect(isAcceptedFileName('image', 'Foto.JPG')).toBe(true);
      expect(isAcceptedFileName('image', 'plan.pdf')).toBe(false);
      expect(isAcceptedFileName('file', 'plan.pdf')).toBe(true);
      expect(isAcceptedFileName('file', 'README')).toBe(false);
    });
  });

  describe(startItem.name, () => {
    it('starts at the minimum quantity with empty parts', () => {
      const product = makeProduct({
        minimumQuantity: 2,
        config: { parts: [part('select'), part('multiselect'), part('text')] },
      });
      expect(startItem(product)).toEqual({
        product: productSnapshot(product),
        amount: 2,
        unit: 'piece',
        parts: [null, [], ''],
      });
    });
  });

  describe(toggleSelectOption.name, () => {
    it('deselects on a second click only for optional parts', () => {
      expect(toggleSelectOption({ optional: true }, 1, 1)).toBeNull();
      expect(toggleSelectOption({ optional: false }, 1, 1)).toBe(1);
      expect(toggleSelectOption({ optional: false }, null, 0)).toBe(0);
    });
  });

  describe(toggleMultiselectOption.name, () => {
    it('adds and removes options', () => {
      expect(toggleMultiselectOption([2], 0)).toEqual([0, 2]);
      expect(toggleMultiselectOption([0, 2], 2)).toEqual([0]);
      expect(toggleMultiselectOption(null, 1)).toEqual([1]);
    });
  });

  describe(saveItem.name, () => {
    const a = { amount: 1 } as CartItem;
    const b = { amount: 2 } as CartItem;

    it('adds a new item or replaces the edited one', () => {
      expect(saveItem([a], b)).toEqual([a, b]);
      expect(saveItem([a], b, 0)).toEqual([b]);
      expect(saveItem([a], b, 5)).toEqual([a, b]);
      expect(removeItem([a, b], 0)).toEqual([b]);
    });
  });

  describe(stepNavigation.name, () => {
    const product = makeProduct({ config: { parts: [part('select'), part('text')] } });

    it('offers forward only when the step is valid and not last, and save when the item is valid', () => {
      expect(stepNavigation(product, { amount: 1, parts: [null, ''] }, 0)).toEqual({
        canForward: false,
        canBack: false,
        canSave: false,
      });
      expect(stepNavigation(product, { amount: 1, parts: [0, ''] }, 0)).toEqual({
        canForward: true,
        canBack: false,
        canSave: false,
      });
      expect(stepNavigation(product, { amount: 1, parts: [0, 'x'] }, 1)).toEqual({
        canForward: false,
        canBack: true,
        canSave: true,
      });
      expect(stepNavigation(makeProduct(), { amount: 1, parts: [] }, 0)).toEqual({
        canForward: false,
        canBack: false,
        canSave: true,
      });
    });
  });

  describe(migrateCart.name, () => {
    const product = makeProduct();
    const item: CartItem = { product: productSnapshot(product), amount: 1, unit: 'piece', parts: [] };

    it('keeps items whose product still matches by id, name, description and price', () => {
      expect(migrateCart([item], [product])).toEqual([item]);
    });

    it('drops items whose product changed or disappeared', () => {
      expect(migrateCart([item], [{ ...product, price: 10.5 }])).toEqual([]);
      expect(migrateCart([item], [{ ...product, name: 'Pizza Diavola' }])).toEqual([]);
      expect(migrateCart([item], [{ ...product, description: null }])).toEqual([]);
      expect(migrateCart([item], [])).toEqual([]);
    });
  });

  describe(toOrderFormItems.name, () => {
    it('sends product id and uid, amount, unit and parts', () => {
      const product = makeProduct();
      expect(
        toOrderFormItems([{ product: productSnapshot(product), amount: 2, unit: 'piece', parts: [1] }]),
      ).toEqual([{ product: { id: 1, uid: product.uid }, amount: 2, unit: 'piece', parts: [1] }]);
    });
  });

  describe(cartStorageKey.name, () => {
    it('prefixes asp.', () => {
      expect(cartStorageKey('wien-mitte')).toBe('asp.wien-mitte');
    });
  });

  describe(clearCart.name, () => {
    it('empties items and resets appointment and comment but keeps the order type', () => {
      const cart = {
        ...emptyCart(),
        isDelivery: true,
        items: [{} as CartItem],
        order: { appointmentDate: 'x', comment: 'y' },
      };
      expect(clearCart(cart)).toEqual({ ...emptyCart(), isDelivery: true });
      expect(isDeliveryMethodChosen(cart)).toBe(true);
      expect(isDeliveryMethodChosen(emptyCart())).toBe(false);
    });
  });
});
