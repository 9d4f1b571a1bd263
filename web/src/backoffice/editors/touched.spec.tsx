import { renderToString } from 'react-dom/server';
import { PartsEditor } from './parts/ProductPartsEditor';
import { newPart } from './parts/productParts';
import { TouchScope } from './touched';

// A part just added ("Teil hinzufügen"): its name and its first option's name are still empty.
const editor = (
  <PartsEditor
    value={{ parts: [newPart()] }}
    onChange={() => undefined}
    errors={{}}
    entity={{ price: 5, unit: 'piece', calculationModel: 'fixed', alternativeUnits: [] }}
    label="Konfigurierbare Teile"
  />
);
const BLANK = 'Dieser Wert sollte nicht leer sein.';

describe('no error before the user has touched a field', () => {
  it('a new, untouched part in a form shows no message and no alert', () => {
    const html = renderToString(<TouchScope submitted={false}>{editor}</TouchScope>);
    expect(html).not.toContain(BLANK);
    expect(html).not.toContain('role="alert"');
    // The field still tells assistive technology it is incomplete; only the red waits (CSS of the scope).
    expect(html).toContain('class="ed-touch-scope"');
    expect(html).toContain('ed-error-pending');
  });

  it('after a save was tried every message shows at its field', () => {
    const html = renderToString(<TouchScope submitted>{editor}</TouchScope>);
    expect(html.split(BLANK)).toHaveLength(3);
    expect(html).toContain('ed-touch-scope--submitted');
  });

  it('an editor outside a form scope shows its messages at once, as before', () => {
    expect(renderToString(editor)).toContain(BLANK);
  });
});
