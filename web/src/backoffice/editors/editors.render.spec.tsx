import { renderToString } from 'react-dom/server';
import { customEditors } from '../entities/customEditors';
import { DeliveryAreasEditor } from './areas/DeliveryAreasEditor';
import { OpeningHoursEditor } from './hours/OpeningHoursEditor';
import { ProductPartsEditor } from './parts/ProductPartsEditor';
import { UploadEditor } from './upload/UploadEditor';

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const base = { onChange: () => undefined, errors: {}, entity: {}, label: 'Öffnungszeiten' };

describe('special editors (rendered as the form shows them)', () => {
  it('registers each of these editors under the key the entity descriptions use', () => {
    // Other editors (device pairing and settings) register in the same table.
    expect(Object.keys(customEditors)).toEqual(
      expect.arrayContaining([
        'branchTables',
        'deliveryAreas',
        'imageListPicker',
        'imagePicker',
        'imageUpload',
        'menuCatalog',
        'navigationTree',
        'openingHours',
        'productParts',
        'productUnits',
        'schedule',
        'siteContent',
        'tableQr',
        'upload',
      ]),
    );
  });

  it('opening hours: labelled fields, the server error at its field, a seven-day preview', () => {
    const html = renderToString(
      <OpeningHoursEditor
        {...base}
        value={[{ type: 'once', date: null, isClosed: false, from: '10:00', to: '14:00' }]}
        errors={{ '[0].from': 'Vom Server abgelehnt.' }}
      />,
    );
    const body = text(html);
    expect(body).toContain('Öffnungszeiten');
    expect(body).toContain('Einmalig (Datum)');
    expect(body).toContain('Bitte ein Datum für die einmalige Regel angeben.');
    expect(body).toContain('Vom Server abgelehnt.');
    expect(body).toContain('Die nächsten 7 Tage');
    expect(html).toContain('aria-label="Regel 1 verschieben"');
  });

  it('delivery areas: the customer summary per area', () => {
    const body = text(
      renderToString(
        <DeliveryAreasEditor
          {...base}
          label="Liefergebiete"
          value={[
            {
              area: '1070 Neubau',
              price: 3.5,
              tax: 20,
              free: false,
              freeFromOrderValue: 30,
              minimumOrderValue: 15,
            },
          ]}
        />,
      ),
    );
    expect(body).toContain('Lieferung 3,50 € · kostenlos ab 30,00 € · Mindestbestellwert 15,00 €');
  });

  it('product parts: options with their price effect and the base price in the preview', () => {
    const body = text(
      renderToString(
        <ProductPartsEditor
          {...base}
          label="Konfigurierbare Teile"
          entity={{ price: 9.9, unit: 'piece', calculationModel: 'fixed', alternativeUnits: [] }}
          value={{
            parts: [
              {
                name: 'Beilagen',
                type: 'multiselect',
                optional: true,
                options: [{ name: 'Reis', modifier: 'add', value: 1.5 }],
              },
            ],
          }}
        />,
      ),
    );
    expect(body).toContain('Preisvorschau');
    expect(body).toContain('Aufpreis (+)');
    expect(body).toContain('9,90 € / Stk.');
  });

  it('upload: while the file is being sent, another file can be neither chosen nor dropped', () => {
    const value = 'data:application/pdf;base64,JVBERi0=';
    const idle = renderToString(<UploadEditor {...base} label="Datei" value={value} uploadProgress={null} />);
    expect(idle).not.toMatch(/<fieldset[^>]*disabled/);
    expect(text(idle)).toContain('Andere Datei wählen');
    expect(idle).not.toContain('aria-disabled');

    const sending = renderToString(
      <UploadEditor {...base} label="Datei" value={value} uploadProgress={0.4} />,
    );
    expect(sending).toMatch(/<fieldset[^>]*disabled/); // the file input inside is disabled with it
    expect(sending).toMatch(/<label[^>]*aria-disabled="true"[^>]*>Andere Datei wählen/);
    expect(text(sending)).toContain('wird hochgeladen … 40 %');
  });
});
