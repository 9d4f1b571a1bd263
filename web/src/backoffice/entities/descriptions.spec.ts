import { marketProfile } from '@ordering/common';
import { ENTITY_INPUTS, FIELD_LABELS } from '@ordering/common/schemas';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { NAV_AREAS } from '../areas';
import { customEditors } from './customEditors';
import { listPanels } from '../timeclock/panels';
import { inMarket, screensOf } from './access';
import { ALL_DESCRIPTIONS, CONFIG_DESCRIPTION, descriptionAt } from './descriptions';
import { EntityFormStore } from './EntityFormStore';
import { errorsUnder } from './paths';
import { defaultsOf, isRequired, labelOf, schemaFields } from './schema';

/** The collections of spec section 7's back office, plus the configuration and the logs. */
const SECTION_7 = [
  'users',
  'divisions',
  'branches',
  'departments',
  'menus',
  'categories',
  'tags',
  'products',
  'option-groups',
  'tables',
  'devices',
  'images',
  'image-templates',
  'uploads',
  'sites',
  'blocks',
  'navigations',
  'donatees',
  'working-activities',
  'working-schedules',
  'projects',
  'tasks',
  'digital-signage-segments',
  'digital-signage-streams',
  'digital-signage-devices',
  'fonts',
  'preparation-stations',
  'logs',
  'config',
];

describe('entity descriptions', () => {
  it('describe every entity of spec section 7, each once', () => {
    const collections = ALL_DESCRIPTIONS.map((d) => d.collection);
    expect([...collections].sort()).toEqual([...SECTION_7].sort());
  });

  it.each(ALL_DESCRIPTIONS.filter((d) => !d.readOnly).map((d) => [d.collection, d] as const))(
    '%s: the form has exactly the fields of the shared schema',
    (collection, description) => {
      const described = [
        ...description.fields.filter((f) => !f.virtual).map((f) => f.name),
        ...Object.keys(description.notEdited ?? {}),
      ].sort();
      expect(described).toEqual(schemaFields(collection).sort());
    },
  );

  it('every writable collection has a shared schema and a German label for each field', () => {
    for (const description of ALL_DESCRIPTIONS.filter((d) => !d.readOnly)) {
      expect(ENTITY_INPUTS).toHaveProperty([description.collection]);
      for (const field of description.fields.filter((f) => !f.virtual)) {
        const label = labelOf(description, field);
        expect(label).not.toBe(field.name);
        expect(
          (FIELD_LABELS as Record<string, Record<string, string>>)[description.collection],
        ).toHaveProperty([field.name]);
      }
    }
  });

  it('names only registered panels above lists', () => {
    const panels = ALL_DESCRIPTIONS.flatMap((d) => (d.listPanel ? [d.listPanel] : []));
    expect(panels).toEqual(['timeSheets']);
    for (const key of panels) expect(listPanels).toHaveProperty([key]);
  });

  it('gives a virtual field (its own editor, never sent) a label and a registered editor', () => {
    const virtual = ALL_DESCRIPTIONS.flatMap((d) => d.fields.filter((f) => f.virtual));
    expect(virtual.map((f) => f.editor)).toEqual(['branchTables', 'signagePlayer', 'timeClockPin']);
    for (const field of virtual) {
      expect(field.label).toBeTruthy();
      expect(customEditors).toHaveProperty([field.editor!]);
    }
  });

  it('names a collection for every ref field and a key for every special editor', () => {
    for (const description of ALL_DESCRIPTIONS) {
      for (const field of description.fields) {
        if (['ref', 'refs', 'image', 'images'].includes(field.type)) expect(field.collection).toBeTruthy();
        if (field.type === 'custom') expect(field.editor).toBeTruthy();
        // A select has its choices, or takes them from a collection (the font families).
        if (field.type === 'select')
          expect((field.options?.length ?? 0) > 0 || Boolean(field.collection)).toBe(true);
      }
    }
  });

  it('places every screen in an area of the navigation, with a unique path there', () => {
    const areas = new Set(NAV_AREAS.map((a) => a.path));
    for (const description of ALL_DESCRIPTIONS) {
      expect(areas).toContain(description.area);
      expect(descriptionAt(description.area, description.path)).toBe(description);
    }
  });

  it('shows each role only the screens of its areas', () => {
    expect(screensOf('settings', ['ROLE_ADMIN']).map((d) => d.collection)).toEqual([
      'users',
      'logs',
      'config',
    ]);
    expect(screensOf('settings', ['ROLE_MANAGER']).map((d) => d.collection)).toEqual(['logs']);
    expect(screensOf('branches', ['ROLE_EMPLOYEE']).map((d) => d.collection)).toEqual(['tables']);
    expect(screensOf('catalog', ['ROLE_EMPLOYEE'])).toEqual([]);
  });

  it('knows required fields and defaults from the shared schema', () => {
    expect(isRequired('branches', 'name')).toBe(true);
    expect(isRequired('branches', 'street')).toBe(false);
    expect(isRequired('tables', 'branch')).toBe(true);
    expect(defaultsOf('branches')).toMatchObject({ isTakeawayEnabled: true, tags: [] });
    // The time zone has no schema default: a new branch takes its market's (the form's newValues).
    expect(defaultsOf('branches')).not.toHaveProperty('timeZone');
  });
});

describe(errorsUnder.name, () => {
  it('keys errors relative to the field as special editors read them', () => {
    expect(
      errorsUnder(
        {
          'openingHours.0.from': 'Uhrzeit',
          openingHours: 'Liste',
          'config.parts': 'leer',
          name: 'anders',
        },
        'openingHours',
      ),
    ).toEqual({ '[0].from': 'Uhrzeit', '': 'Liste' });
    expect(errorsUnder({ 'config.parts.1.options': 'x' }, 'config')).toEqual({ 'parts[1].options': 'x' });
  });
});

describe(EntityFormStore.name, () => {
  const tags = descriptionAt('catalog', 'tags')!;

  function setup(...replies: Parameters<typeof fakeFetch>) {
    const fetch = fakeFetch(...replies);
    const errors = new ErrorStore();
    return { fetch, errors, api: new ApiClient({ fetch }) };
  }

  it('checks with the shared schema before sending: nothing is sent, the German message is at its field', async () => {
    const { fetch, errors, api } = setup();
    const form = new EntityFormStore({ api, errors, description: tags });
    form.setValue('name', '   ');
    expect(await form.save()).toBeUndefined();
    expect(fetch.calls).toHaveLength(0);
    expect(form.errorOf('name')).toBe('Dieser Wert sollte nicht leer sein.');
    form.setValue('name', 'Vegan');
    expect(form.errorOf('name')).toBeUndefined();
  });

  it('creates with POST and shows the server field errors at their fields and in the error list', async () => {
    const { fetch, errors, api } = setup(
      json(409, { errors: [{ message: 'Dieser Wert wird bereits verwendet.', field: 'name' }] }),
      json(201, { data: { id: 7, name: 'Vegan!', image: null } }),
    );
    const form = new EntityFormStore({ api, errors, description: tags });
    form.setValue('name', 'Vegan');
    expect(await form.save()).toBeUndefined();
    expect(fetch.calls[0]).toMatchObject({ method: 'POST', url: '/api/tags', body: { name: 'Vegan' } });
    expect(form.errorOf('name')).toBe('Dieser Wert wird bereits verwendet.');
    expect(errors.entries.map((e) => e.message)).toEqual(['Name: Dieser Wert wird bereits verwendet.']);
    form.setValue('name', 'Vegan!');
    // "Erneut versuchen" submits the form again, with its values at that time.
    await errors.retry(errors.entries[0]!.id);
    expect(fetch.calls[1]).toMatchObject({ method: 'POST', body: { name: 'Vegan!' } });
    expect(form.createdId).toBe(7);
    expect(form.isNew).toBe(false);
    expect(errors.entries).toEqual([]);
  });

  it('updates with PUT of the schema fields only and deletes with the catalogue fallback on failure', async () => {
    const { fetch, errors, api } = setup(
      json(200, { data: { id: 3, name: 'Bio', image: { id: 1, version: 2 }, createdAt: 'x' } }),
      json(200, { data: { id: 3, name: 'Bio', image: null } }),
      new Response('', { status: 502 }),
    );
    const form = new EntityFormStore({ api, errors, description: tags, id: 3 });
    await form.load();
    await form.save();
    expect(fetch.calls[1]).toMatchObject({ method: 'PUT', url: '/api/tags/3' });
    expect(fetch.calls[1]!.body).toEqual({ name: 'Bio', image: { id: 1, version: 2 } });
    expect(await form.remove()).toBe(false);
    expect(errors.entries.at(-1)?.message).toBe('Tag konnte nicht gelöscht werden.');
  });

  it('sends only the secrets typed in, never the masked ones', async () => {
    const config = {
      shopName: 'Gasthaus',
      businessName: 'Gasthaus GmbH',
      secrets: { mollieApiKey: '••••1234', smsApiKey: '' },
    };
    const { fetch, errors, api } = setup(json(200, { data: config }), json(200, { data: config }));
    const form = new EntityFormStore({ api, errors, description: CONFIG_DESCRIPTION });
    await form.load();
    expect(fetch.calls[0]!.url).toBe('/api/config');
    form.setSecret('smsApiKey', 'neu-123');
    await form.save();
    expect(fetch.calls[1]).toMatchObject({ method: 'POST', url: '/api/config' });
    expect((fetch.calls[1]!.body as { secrets: unknown }).secrets).toEqual({ smsApiKey: 'neu-123' });
  });
});

describe(inMarket.name, () => {
  it('names sick leave in the words of the market: form, list filter and hint', () => {
    const activities = ALL_DESCRIPTIONS.find((d) => d.collection === 'working-activities')!;
    const sickOf = (market: string) => {
      const localised = inMarket(activities, marketProfile(market));
      return [
        localised.fields.find((f) => f.name === 'type')!.options!.find((o) => o.value === 'sick')!.label,
        localised.filters!.find((f) => f.param === 'type')!.options!.find((o) => o.value === 'sick')!.label,
        localised.fields.find((f) => f.name === 'days')!.hint,
      ];
    };
    expect(sickOf('DE')).toEqual([
      'Krankmeldung',
      'Krankmeldung',
      'bei Urlaub und Krankmeldung: ganze oder halbe Tage',
    ]);
    expect(sickOf('AT')).toEqual([
      'Krankenstand',
      'Krankenstand',
      'bei Urlaub und Krankenstand: ganze oder halbe Tage',
    ]);
    // The same object for the same market: a form made for it is not made again.
    expect(inMarket(activities, marketProfile('AT'))).toBe(inMarket(activities, marketProfile('AT')));
    const tags = ALL_DESCRIPTIONS.find((d) => d.collection === 'tags')!;
    expect(inMarket(tags, marketProfile('AT'))).toBe(tags);
  });
});
