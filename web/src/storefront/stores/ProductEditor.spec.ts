import { jest } from '@jest/globals';
import { estrich, makeProduct, schnitzelNachWahl } from '../testing/fixtures';
import { ProductEditor, type FileUploader } from './ProductEditor';

const bowl = makeProduct({
  id: 5,
  name: 'Bowl',
  type: 'configurable',
  isStepByStep: true,
  price: 11.9,
  config: {
    parts: [
      {
        name: 'Basis',
        type: 'select',
        optional: false,
        options: [{ name: 'Reis', modifier: 'add', value: 0 }],
      },
      {
        name: 'Toppings',
        type: 'multiselect',
        optional: true,
        options: [{ name: 'Avocado', modifier: 'add', value: 1.8 }],
      },
      {
        name: 'Dressing',
        type: 'select',
        optional: false,
        options: [{ name: 'Sesam', modifier: 'add', value: 0 }],
      },
    ],
  },
});

const withUpload = makeProduct({
  id: 6,
  name: 'Estrich nach Maß',
  type: 'configurable',
  config: {
    parts: [
      { name: 'Fotos', type: 'images', optional: false, options: [] },
      { name: 'Grundriss', type: 'file', optional: true, options: [] },
    ],
  },
});

function file(name: string): File {
  return new File(['x'], name);
}

describe(ProductEditor.name, () => {
  describe('amount', () => {
    it('starts at the minimum in the product unit and snaps typed amounts with comma decimals', () => {
      const editor = new ProductEditor(estrich, { orderType: 'takeaway' });
      expect(editor.item).toMatchObject({ amount: 20, unit: 'm2' });
      expect(editor.amountText).toBe('20');

      editor.setAmountText('25,3');
      editor.commitAmount();
      expect(editor.item.amount).toBe(25.5);
      expect(editor.amountText).toBe('25,5');

      editor.setAmountText('abc');
      editor.commitAmount();
      expect(editor.item.amount).toBe(20);
    });

    it('disables minus at the minimum and plus at the maximum', () => {
      const editor = new ProductEditor(makeProduct({ maximumQuantity: 2 }), { orderType: 'takeaway' });
      expect(editor.canDecrease).toBe(false);
      editor.increase();
      expect(editor.item.amount).toBe(2);
      expect(editor.canIncrease).toBe(false);
      editor.increase();
      expect(editor.item.amount).toBe(2);
      editor.decrease();
      expect(editor.item.amount).toBe(1);
    });

    it('converts and snaps the amount when the unit changes', () => {
      const editor = new ProductEditor(estrich, { orderType: 'takeaway' });
      expect(editor.units).toEqual(['m2', 'kg']);
      editor.setUnit('kg');
      expect(editor.item).toMatchObject({ amount: 2000, unit: 'kg' });
      editor.setAmountText('2345');
      editor.commitAmount();
      expect(editor.item.amount).toBe(2300);
      editor.setUnit('m2');
      expect(editor.item).toMatchObject({ amount: 23, unit: 'm2' });
    });
  });

  describe('parts', () => {
    it('is valid once required choices are made; optional selects deselect on a second click', () => {
      const editor = new ProductEditor(schnitzelNachWahl, { orderType: 'takeaway' });
      expect(editor.isValid).toBe(false);
      expect(editor.missingParts).toEqual(['Fleisch', 'Beilagen']);

      editor.clickSelectOption(0, 1);
      editor.toggleMultiselectOption(1, 0);
      editor.toggleMultiselectOption(1, 1);
      expect(editor.isValid).toBe(true);

      editor.clickSelectOption(0, 1); // required: stays selected
      expect(editor.item.parts[0]).toBe(1);
      editor.clickSelectOption(2, 0);
      expect(editor.item.parts[2]).toBe(0);
      editor.clickSelectOption(2, 0); // optional: deselected
      expect(editor.item.parts[2]).toBeNull();

      editor.setText(3, 'Ohne Zitrone');
      expect(editor.item.parts[3]).toBe('Ohne Zitrone');
    });

    it('prices live with the modifiers and the amount', () => {
      const editor = new ProductEditor(schnitzelNachWahl, { orderType: 'takeaway' });
      expect(editor.price.gross).toBe(1450);
      editor.clickSelectOption(0, 1); // Kalb +4,50
      editor.toggleMultiselectOption(1, 1); // Preiselbeeren +0,80
      editor.increase();
      expect(editor.price.unitPrice).toBe(1980);
      expect(editor.price.gross).toBe(3960);
    });

    it('keeps the values of an edited item', () => {
      const editor = new ProductEditor(schnitzelNachWahl, {
        orderType: 'takeaway',
        editIndex: 0,
        item: {
          product: {
            id: 2,
            uid: schnitzelNachWahl.uid,
            name: 'Schnitzel nach Wahl',
            price: 14.5,
            isPriceHidden: false,
          },
          amount: 3,
          unit: 'piece',
          parts: [0, [1], null, 'Extra knusprig'],
        },
      });
      expect(editor.isEditing).toBe(true);
      expect(editor.amountText).toBe('3');
      expect(editor.isValid).toBe(true);
    });
  });

  describe('steps', () => {
    it('goes forward only from a valid step and offers save only when everything is valid', () => {
      const editor = new ProductEditor(bowl, { orderType: 'takeaway' });
      expect(editor.isStepByStep).toBe(true);
      expect(editor.navigation).toEqual({ canForward: false, canBack: false, canSave: false });
      editor.forward();
      expect(editor.step).toBe(0);

      editor.clickSelectOption(0, 0);
      editor.forward();
      expect(editor.step).toBe(1);
      expect(editor.navigation.canForward).toBe(true); // optional toppings
      editor.forward();
      expect(editor.step).toBe(2);
      expect(editor.navigation).toEqual({ canForward: false, canBack: true, canSave: false });
      editor.clickSelectOption(2, 0);
      expect(editor.navigation.canSave).toBe(true);
      editor.back();
      expect(editor.step).toBe(1);
    });
  });

  describe('addFiles', () => {
    it('uploads accepted files with progress and keeps their ids with the secret that proves them', async () => {
      const progress: number[] = [];
      let id = 40;
      const uploader: FileUploader = jest.fn(async (chosen: File, onProgress: (fraction: number) => void) => {
        onProgress(0.5);
        progress.push(0.5);
        return { id: ++id, name: chosen.name, extension: 'png', publicHash: 'h', secret: `s${id}` };
      });
      const editor = new ProductEditor(withUpload, { orderType: 'takeaway', uploader });

      await editor.addFiles(0, [file('a.png'), file('b.jpg')]);

      expect(editor.item.parts[0]).toEqual([
        { id: 41, secret: 's41' },
        { id: 42, secret: 's42' },
      ]);
      expect(editor.fileNames.get(42)).toBe('b.jpg');
      expect(editor.isUploading).toBe(false);
      expect(editor.isValid).toBe(true);
      expect(progress).toEqual([0.5, 0.5]);

      editor.removeFile(0, 41);
      expect(editor.item.parts[0]).toEqual([{ id: 42, secret: 's42' }]);
    });

    it('refuses types the part does not accept with the upload error text, and takes one file for a singular part', async () => {
      const uploader: FileUploader = jest.fn(async (chosen: File) => ({
        id: 7,
        name: chosen.name,
        extension: 'pdf',
        publicHash: 'h',
        secret: 's7',
      }));
      const editor = new ProductEditor(withUpload, { orderType: 'takeaway', uploader });

      await editor.addFiles(0, [file('plan.pdf')]);
      expect(editor.uploadErrors.get(0)).toBe(
        'Die ausgewählte Datei "plan.pdf" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
      );
      expect(uploader).not.toHaveBeenCalled();

      await editor.addFiles(1, [file('plan.pdf'), file('zweiter.pdf')]);
      expect(uploader).toHaveBeenCalledTimes(1);
      expect(editor.item.parts[1]).toEqual([{ id: 7, secret: 's7' }]);
    });

    it('shows the upload error when the server refuses the file', async () => {
      const uploader: FileUploader = () => Promise.reject(new Error('413'));
      const editor = new ProductEditor(withUpload, { orderType: 'takeaway', uploader });
      await editor.addFiles(0, [file('riesig.png')]);
      expect(editor.uploadErrors.get(0)).toContain('"riesig.png"');
      expect(editor.item.parts[0]).toEqual([]);
    });
  });
});
