import { z } from 'zod';
import {
  areasOfRoles,
  branchInput,
  ENTITY_INPUTS,
  FIELD_LABELS,
  fields,
  germanMessage,
  inputFields,
  isRowId,
  MAX_ID,
  menuInput,
  navigationInput,
  optionGroupInput,
  passwordSchema,
  productInput,
  ROLE_AREAS,
  rowIdOf,
  shopConfigInput,
  siteInput,
  toFieldErrors,
  userInput,
} from './index.js';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? [] : toFieldErrors(result.error);
};

const product = {
  name: 'Schnitzel',
  price: 12.5,
  tax: 10,
  takeawayTax: 10,
  dineInTax: 10,
};

describe('shared input schemas', () => {
  it('have a German label for every field of every collection', () => {
    for (const [collection, schema] of Object.entries(ENTITY_INPUTS)) {
      const labels = (FIELD_LABELS as Record<string, Record<string, string>>)[collection]!;
      expect(Object.keys(labels).sort()).toEqual(inputFields(schema).sort());
    }
  });

  it('name the fields of an object schema, also behind refinements, and none of others', () => {
    expect(inputFields(productInput)).toContain('config');
    expect(inputFields(z.string())).toEqual([]);
  });

  it('accept a minimal product and report its cross-field rules at their fields', () => {
    expect(productInput.safeParse(product).success).toBe(true);
    expect(
      errorsOf(productInput, {
        ...product,
        minimumQuantity: 5,
        maximumQuantity: 2,
        alternativeUnits: [
          { unit: 'piece', ratio: 1 },
          { unit: 'kg', ratio: 2 },
          { unit: 'kg', ratio: 3 },
        ],
        defaultUnit: 'l',
        isLeadTimeEnabled: true,
        config: { parts: [{ name: 'Beilage', type: 'select', options: [] }] },
      }).map((e) => e.field),
    ).toEqual(
      expect.arrayContaining([
        'maximumQuantity',
        'alternativeUnits.0.unit',
        'alternativeUnits.2.unit',
        'defaultUnit',
        'leadTimeType',
        'leadTimeValue',
        'config.parts',
        'config.parts.0.options',
      ]),
    );
    expect(errorsOf(productInput, { ...product, type: 'configurable' }).map((e) => e.field)).toEqual([
      'config.parts',
    ]);
    expect(
      errorsOf(productInput, { ...product, minimumQuantity: 2, defaultQuantity: 1 }).map((e) => e.message),
    ).toEqual(['Dieser Wert sollte größer oder gleich 2 sein.']);
    expect(
      errorsOf(productInput, { ...product, maximumQuantity: 2, defaultQuantity: 3 }).map((e) => e.field),
    ).toEqual(['defaultQuantity']);
    expect(
      errorsOf(productInput, {
        ...product,
        type: 'configurable',
        config: { parts: [{ name: 'Text', type: 'text', options: [{ name: 'x' }] }] },
      }).map((e) => e.message),
    ).toEqual(['Nur Auswahlfelder (select, multiselect) haben Optionen.']);
  });

  it('check menus for repeated categories and products', () => {
    const fields = errorsOf(menuInput, {
      availableFrom: '2026-01-01T00:00:00Z',
      catalog: [
        { id: 1, products: [{ id: 5 }, { id: 5 }] },
        { id: 1, products: [] },
      ],
    }).map((e) => e.field);
    expect(fields).toEqual(['catalog.0.products.1.id', 'catalog.1.id']);
  });

  it('check navigation items by type and depth', () => {
    const items = [
      { type: 'link', target: 'javascript:alert(1)', label: 'Böse' },
      { type: 'branch', target: '', label: 'Filiale' },
      { type: 'site', target: '//andere.example', label: 'Seite' },
      {
        type: 'home',
        target: 'egal',
        label: 'Start',
        children: [{ type: 'site', target: 'Ueber', label: 'Über' }],
      },
    ];
    expect(errorsOf(navigationInput, { identifier: 'header-navigation', items }).map((e) => e.field)).toEqual(
      ['items.0.target', 'items.1.target', 'items.2.target'],
    );
    const parsed = navigationInput.parse({ identifier: 'x', items: [items[3]] });
    expect(parsed.items[0]).toMatchObject({ target: '', children: [{ target: 'ueber' }] });
  });

  it('check branches, sites, users and the configuration', () => {
    expect(errorsOf(branchInput, { identifier: 'wien', name: 'Wien', timeZone: 'Mars/Olymp' })).toEqual([
      { message: 'Unbekannte Zeitzone.', field: 'timeZone' },
    ]);
    // A phone a link cannot dial is refused where it is typed, in German; German and Austrian forms pass.
    expect(errorsOf(branchInput, { identifier: 'wien', name: 'Wien', phone: 'ruf an!' })).toEqual([
      {
        message: 'Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567 oder 0664 1234567.',
        field: 'phone',
      },
    ]);
    for (const phone of ['+49 30 1234567', '030 1234567', '+43 1 523 88 10', '0043 664 1234567', ''])
      expect(errorsOf(branchInput, { identifier: 'wien', name: 'Wien', phone })).toEqual([]);
    expect(
      errorsOf(branchInput, {
        identifier: 'wien',
        name: 'Wien',
        slotMinutes: 7,
        openingHours: [{ type: 'once', from: '08:00', to: '12:00' }],
      }).map((e) => e.field),
    ).toEqual(['openingHours.0.date', 'slotMinutes']);
    expect(
      branchInput.parse({
        identifier: 'w',
        name: 'W',
        openingHours: [{ type: 'daily', date: '2026-01-01', from: '08:00', to: '09:00' }],
      }).openingHours[0]!.date,
    ).toBeNull();
    expect(errorsOf(siteInput, { path: 'Ueber Uns', content: { 'bad key': 1 } }).map((e) => e.field)).toEqual(
      ['path', 'content.bad key'],
    );
    expect(
      userInput.parse({ username: 'anna', email: 'Anna@Example.AT', roles: ['ROLE_ADMIN', 'ROLE_ADMIN'] }),
    ).toMatchObject({
      email: 'anna@example.at',
      roles: ['ROLE_ADMIN'],
    });
    expect(
      errorsOf(shopConfigInput, {
        shopName: 'A',
        businessName: 'B',
        currency: 'XYZ',
        website: 'ftp://x',
      }).map((e) => e.field),
    ).toEqual(['currency', 'website']);
  });

  it('count a password in UTF-8 bytes as bcrypt does', () => {
    expect(passwordSchema.safeParse('ä'.repeat(36)).success).toBe(true);
    expect(passwordSchema.safeParse('ä'.repeat(37)).success).toBe(false);
    expect(passwordSchema.safeParse('😀'.repeat(18)).success).toBe(true);
    expect(passwordSchema.safeParse('😀'.repeat(19)).success).toBe(false);
    expect(passwordSchema.safeParse('\uD800'.repeat(24)).success).toBe(true);
    expect(passwordSchema.safeParse('ab'.repeat(5)).success).toBe(true);
  });

  it('give the optional helpers null for missing values', () => {
    expect(fields.optionalRef().parse(undefined)).toBeNull();
    expect(fields.optionalDateTime().parse('2026-01-01T10:00:00+01:00')).toEqual(
      new Date('2026-01-01T09:00:00Z'),
    );
    expect(fields.optionalDate().parse(null)).toBeNull();
    expect(fields.optionalIdentifier().parse('')).toBeNull();
    expect(fields.halfDays(0.5, 10).safeParse(1.25).success).toBe(false);
    expect(fields.optionalEmail().parse(null)).toBe('');
    expect(fields.money().safeParse(1.005).success).toBe(false);
  });
});

describe('optionGroupInput', () => {
  const toppings = {
    name: 'Toppings',
    type: 'multiselect',
    options: [{ name: 'Salami', value: 1.5 }],
    maxChoices: 2,
  };

  it('checks the group part exactly as a product part, at the nested field', () => {
    expect(errorsOf(optionGroupInput, { name: 'Pizza', part: { ...toppings, options: [] } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'part.options' })]),
    );
  });

  it('drops a template id from the group itself (a group links no other group)', () => {
    const parsed = optionGroupInput.parse({
      name: 'Pizza',
      part: { ...toppings, templateId: '4a0d6f0e-3a52-4d2e-9a4b-2b6f1c1e7a10' },
    });
    expect(parsed.part).toMatchObject({ name: 'Toppings', maxChoices: 2, templateId: null });
  });

  it('takes a uuid as the template id of a product part, in German at the part otherwise', () => {
    const config = (templateId: unknown) => ({ parts: [{ ...toppings, templateId }] });
    const base = { ...product, type: 'configurable' };
    expect(productInput.safeParse({ ...base, config: config(null) }).success).toBe(true);
    expect(errorsOf(productInput, { ...base, config: config('pizza') })).toEqual([
      expect.objectContaining({ field: 'config.parts.0.templateId', message: expect.stringMatching(/\S/) }),
    ]);
  });
});

describe(germanMessage.name, () => {
  const message = (schema: z.ZodType, input: unknown) =>
    toFieldErrors(schema.safeParse(input, { reportInput: true }).error!)[0]!.message;

  it('says in German what is wrong', () => {
    expect(message(z.string(), undefined)).toBe('Dieser Wert sollte nicht leer sein.');
    expect(message(z.string(), 5)).toBe('Dieser Wert sollte vom Typ string sein.');
    expect(message(z.string().min(3), 'ab')).toContain('3');
    expect(message(z.string().min(1), '')).toBe('Dieser Wert sollte nicht leer sein.');
    expect(message(z.array(z.number()).min(2), [1])).toContain('2');
    expect(message(z.array(z.number()).max(1), [1, 2])).toContain('1');
    expect(message(z.number().positive(), 0)).toBe('Dieser Wert sollte positiv sein.');
    expect(message(z.number().min(1), 0)).toContain('1');
    expect(message(z.string().max(2), 'abc')).toContain('2');
    expect(message(z.number().max(2), 3)).toContain('2');
    expect(message(z.email(), 'x')).toContain('E-Mail');
    expect(message(z.url(), 'x')).toBeTruthy();
    expect(message(z.uuid(), 'x')).toBeTruthy();
    expect(message(z.iso.date(), 'x')).toBeTruthy();
    expect(message(z.iso.datetime(), 'x')).toBeTruthy();
    expect(message(z.iso.time(), 'x')).toBeTruthy();
    expect(message(z.string().startsWith('a'), 'b')).toBeTruthy();
    expect(message(z.enum(['a']), 'b')).toBeTruthy();
    expect(message(z.strictObject({}), { a: 1 })).toBeTruthy();
    expect(
      message(
        z.string().refine(() => false),
        'x',
      ),
    ).toBeTruthy();
    expect(message(z.union([z.string(), z.number()]), true)).toBeTruthy();
    expect(message(fields.identifier(), 'A B')).toBe(
      'Nur Kleinbuchstaben, Ziffern und Bindestriche sind erlaubt.',
    );
  });
});

describe(areasOfRoles.name, () => {
  it('joins the areas of several roles and ignores unknown ones', () => {
    expect([...areasOfRoles(['ROLE_EMPLOYEE', 'ROLE_UNKNOWN'])]).toEqual([...ROLE_AREAS.ROLE_EMPLOYEE]);
    expect(areasOfRoles(['ROLE_MANAGER']).has('config')).toBe(false);
    expect(areasOfRoles(['ROLE_ADMIN']).has('config')).toBe(true);
  });
});

describe('row ids', () => {
  it('takes an integer in 1 … 2,147,483,647 (a PostgreSQL integer column), nothing else', () => {
    expect(MAX_ID).toBe(2_147_483_647);
    for (const id of [1, 42, MAX_ID]) expect(isRowId(id)).toBe(true);
    for (const id of [0, -1, 1.5, MAX_ID + 1, Number.NaN, '7', null, undefined])
      expect(isRowId(id)).toBe(false);
    expect(fields.id().safeParse(MAX_ID + 1).success).toBe(false);
    expect(fields.ref().parse({ id: MAX_ID })).toEqual({ id: MAX_ID });
  });

  it('reads an id from a path segment: digits only, in range', () => {
    expect(rowIdOf('7')).toBe(7);
    expect(rowIdOf('2147483647')).toBe(MAX_ID);
    for (const raw of ['0', '2147483648', '99999999999', '-1', '1.5', '1e3', ' 7', '7 ', '', 'abc', '0x10'])
      expect(rowIdOf(raw)).toBeNull();
  });
});
