import { renderToString } from 'react-dom/server';
import { customEditors } from '../entities/customEditors';
import { DeliveryAreasEditor } from './areas/DeliveryAreasEditor';
import { OpeningHoursEditor } from './hours/OpeningHoursEditor';
import { OptionGroupPartEditor, PartsEditor } from './parts/ProductPartsEditor';
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
        <PartsEditor
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

  it('product parts: a part linked to an option group is shown read-only with its group and the unlink', () => {
    const uid = '4a0d6f0e-3a52-4d2e-9a4b-2b6f1c1e7a10';
    const html = renderToString(
      <PartsEditor
        {...base}
        label="Konfigurierbare Teile"
        entity={{ price: 9.9, unit: 'piece', calculationModel: 'fixed', alternativeUnits: [] }}
        groups={[
          {
            id: 1,
            uid,
            name: 'Pizza-Extras',
            productCount: 1,
            part: { name: 'Extras', type: 'multiselect', optional: true, options: [] },
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-01-01T00:00:00Z',
          },
        ]}
        value={{
          parts: [
            {
              id: 5,
              name: 'Extras',
              type: 'multiselect',
              optional: true,
              templateId: uid,
              options: [{ id: 9, name: 'Salami', modifier: 'add', value: 1.5 }],
            },
          ],
        }}
      />,
    );
    const body = text(html);
    expect(body).toContain('Verknüpft mit Vorlage „Pizza-Extras“');
    expect(body).toContain('Verknüpfung lösen');
    expect(body).toContain('Vorlage einfügen');
    expect(body).not.toContain('Option hinzufügen');
    expect(html).toMatch(/readOnly=""[^>]*value="Salami"/);
    expect(html).not.toContain('aria-label="Option 1 von Teil 1 verschieben"');
  });

  it('option group: its one part in the same editor, server errors at the nested field, no preview', () => {
    const body = text(
      renderToString(
        <OptionGroupPartEditor
          {...base}
          label="Auswahlteil"
          value={{ name: 'Extras', type: 'multiselect', optional: true, options: [] }}
          errors={{ options: 'Bitte mindestens eine Option anlegen.' }}
        />,
      ),
    );
    expect(body).toContain('Name des Teils');
    expect(body).toContain('Option hinzufügen');
    expect(body).toContain('Bitte mindestens eine Option anlegen.');
    expect(body).not.toContain('Preisvorschau');
    expect(body).not.toContain('Teil hinzufügen');
    expect(body).not.toContain('Vorlage einfügen');
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
