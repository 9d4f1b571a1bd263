import { randomUUID } from 'node:crypto';
import { parseAllergenText, type OpeningHourRule } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { Tag } from '../tags/tag.entity.js';
import { Category } from './category.entity.js';
import { Menu } from './menu.entity.js';
import { writeCatalog } from './menu.resource.js';
import { Product } from './product.entity.js';
import { numberParts } from './product-parts.js';
import { categoryInput, productInput } from './schemas.js';

/*
 * Demo catalogue (issue 4 point 11): a Viennese inn and a screed business in Graz. Every product goes through
 * the same validation as POST /api/products, so the demo can never hold what the API would refuse.
 * Allergens in the Austrian letter codes: A Gluten, C Ei, D Fisch, F Soja, G Milch, H Schalenfrüchte,
 * L Sellerie, M Senf, N Sesam, O Sulfite. Taxes (Austria): food 10 %, drinks 20 %, building trade 20 %.
 */

const FOOD = { tax: 10, takeawayTax: 10, dineInTax: 10 };
const DRINK = { tax: 20, takeawayTax: 20, dineInTax: 20 };
const TRADE = { tax: 20, takeawayTax: 20, dineInTax: 20 };

type ProductData = Record<string, unknown> & { name: string; tags?: string[] };

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const lunchTime: OpeningHourRule[] = weekdays.map((type) => ({
  type,
  date: null,
  isClosed: false,
  from: '11:00',
  to: '14:30',
}));

const option = (name: string, value = 0, modifier: 'add' | 'subtract' | 'overwrite' = 'add') => ({
  name,
  modifier,
  value,
});

/** The restaurant's categories with their products, in menu order. */
const RESTAURANT: Array<{ category: Record<string, unknown> & { name: string }; products: ProductData[] }> = [
  {
    category: {
      name: 'Mittagsmenü',
      description: 'Suppe und Hauptspeise zum Fixpreis, Montag bis Freitag 11:00–14:30 Uhr.',
      isBundle: true,
      position: 0,
    },
    products: [
      {
        name: 'Mittagsmenü',
        description: 'Tagessuppe und Hauptspeise nach Wahl.',
        allergens: 'A, C, G, L',
        type: 'bundle',
        price: 13.9,
        ...FOOD,
        schedule: lunchTime,
        isVisibleWhenUnavailable: true,
        config: {
          parts: [
            {
              name: 'Suppe',
              type: 'select',
              options: [
                option('Rindsuppe mit Frittaten'),
                option('Leberknödelsuppe'),
                option('Kürbiscremesuppe'),
              ],
            },
            {
              name: 'Hauptspeise',
              type: 'select',
              options: [
                option('Fiakergulasch mit Semmelknödel'),
                option('Käsespätzle mit Röstzwiebeln'),
                option('Schnitzel vom Schwein mit Petersilerdäpfeln'),
                option('Wiener Schnitzel vom Kalb', 4.5),
              ],
            },
          ],
        },
      },
    ],
  },
  {
    category: { name: 'Vorspeisen', position: 1 },
    products: [
      { name: 'Beef Tatar mit Toast und Butter', allergens: 'A, C, G, M', price: 14.9, ...FOOD },
      {
        name: 'Gebackene Champignons mit Sauce Tartare',
        allergens: 'A, C, G, M',
        price: 9.8,
        ...FOOD,
        tags: ['Vegetarisch'],
      },
      {
        name: 'Pikante Hendlflügerl mit Chili-Dip',
        allergens: 'F, M',
        price: 9.4,
        ...FOOD,
        tags: ['Scharf'],
      },
      {
        name: 'Vogerlsalat mit Erdäpfeln und Kürbiskernöl',
        allergens: '',
        price: 8.4,
        ...FOOD,
        tags: ['Vegan', 'Glutenfrei', 'Regional'],
      },
    ],
  },
  {
    category: { name: 'Suppen', position: 2 },
    products: [
      {
        name: 'Rindsuppe mit Frittaten',
        allergens: 'A, C, G, L',
        price: 5.4,
        ...FOOD,
        tags: ['Hausgemacht'],
      },
      { name: 'Leberknödelsuppe', allergens: 'A, C, G, L', price: 5.9, ...FOOD, tags: ['Hausgemacht'] },
      {
        name: 'Kürbiscremesuppe mit Kernöl',
        allergens: 'G, L',
        price: 5.6,
        ...FOOD,
        tags: ['Vegetarisch', 'Glutenfrei', 'Regional'],
      },
    ],
  },
  {
    category: { name: 'Hauptspeisen', position: 3 },
    products: [
      {
        name: 'Wiener Schnitzel vom Kalb',
        description: 'Mit Petersilerdäpfeln und Preiselbeeren.',
        allergens: 'A, C, G',
        price: 19.9,
        ...FOOD,
        tags: ['Regional'],
      },
      {
        name: 'Schnitzel nach Wahl',
        description: 'Goldbraun in Butterschmalz herausgebacken, mit Zitrone.',
        allergens: 'A, C, G',
        type: 'configurable',
        price: 14.5,
        ...FOOD,
        config: {
          parts: [
            {
              name: 'Fleisch',
              type: 'select',
              options: [option('Schwein'), option('Huhn'), option('Kalb', 4.5)],
            },
            {
              name: 'Beilagen',
              description: 'Eine oder mehrere Beilagen.',
              type: 'multiselect',
              options: [
                option('Petersilerdäpfel'),
                option('Pommes frites'),
                option('Reis'),
                option('Erdäpfel-Vogerlsalat', 1.5),
                option('Preiselbeeren', 0.8),
              ],
            },
            { name: 'Anmerkung', description: 'Wünsche an die Küche.', type: 'textarea', optional: true },
          ],
        },
      },
      {
        name: 'Tafelspitz mit Apfelkren und Schnittlauchsauce',
        description: 'Mit Rösterdäpfeln und Cremespinat.',
        allergens: 'A, C, G, L, O',
        price: 24.5,
        ...FOOD,
        tags: ['Regional'],
      },
      {
        name: 'Fiakergulasch mit Semmelknödel',
        allergens: 'A, C, G',
        price: 17.9,
        ...FOOD,
        tags: ['Hausgemacht'],
      },
      {
        name: 'Käsespätzle mit Röstzwiebeln',
        allergens: 'A, C, G',
        price: 13.9,
        ...FOOD,
        tags: ['Vegetarisch'],
      },
      {
        name: 'Bowl zusammenstellen',
        description: 'Schritt für Schritt: Basis, Protein, Toppings und Dressing.',
        allergens: 'F, G, N',
        type: 'configurable',
        isStepByStep: true,
        price: 11.9,
        ...FOOD,
        config: {
          parts: [
            {
              name: 'Basis',
              type: 'select',
              options: [option('Jasminreis'), option('Quinoa', 1), option('Blattsalate')],
            },
            {
              name: 'Protein',
              type: 'select',
              options: [option('Tofu'), option('Falafel', 1.5), option('Hendlstreifen', 2.5)],
            },
            {
              name: 'Toppings',
              description: 'Bis zu 2 Toppings.',
              type: 'multiselect',
              optional: true,
              maxChoices: 2,
              options: [option('Avocado', 1.8), option('Edamame', 1.2), option('Kimchi', 1), option('Sesam')],
            },
            {
              name: 'Dressing',
              type: 'select',
              options: [option('Sesam-Soja'), option('Joghurt-Kräuter'), option('Chili-Mango')],
            },
          ],
        },
      },
      {
        name: 'Gebratener Saibling mit Blattspinat',
        description: 'Saisonal – derzeit leider nicht verfügbar.',
        allergens: 'D, G',
        price: 23.8,
        ...FOOD,
        isEnabled: false,
        isVisibleWhenUnavailable: true,
        tags: ['Regional', 'Glutenfrei'],
      },
    ],
  },
  {
    category: { name: 'Beilagen', position: 4 },
    products: [
      { name: 'Pommes frites', allergens: '', price: 4.2, ...FOOD, tags: ['Vegan'] },
      { name: 'Erdäpfel-Vogerlsalat', allergens: 'M', price: 4.9, ...FOOD, tags: ['Vegan'] },
      { name: 'Petersilerdäpfel', allergens: 'G', price: 3.9, ...FOOD, tags: ['Vegetarisch', 'Glutenfrei'] },
    ],
  },
  {
    category: { name: 'Desserts', position: 5 },
    products: [
      {
        name: 'Kaiserschmarrn mit Zwetschkenröster',
        allergens: 'A, C, G',
        price: 12.9,
        ...FOOD,
        tags: ['Hausgemacht', 'Vegetarisch'],
      },
      { name: 'Sachertorte mit Schlagobers', allergens: 'A, C, G', price: 6.5, ...FOOD },
      {
        name: 'Marillenpalatschinken (2 Stück)',
        allergens: 'A, C, G',
        price: 8.9,
        ...FOOD,
        tags: ['Vegetarisch'],
      },
    ],
  },
  {
    category: { name: 'Getränke', position: 6 },
    products: [
      { name: 'Almdudler 0,5 l', price: 4.6, ...DRINK, tags: ['Vegan', 'Regional'] },
      { name: 'Römerquelle prickelnd 0,33 l', price: 3.2, ...DRINK },
      { name: 'Apfelsaft gespritzt 0,5 l', price: 3.9, ...DRINK, tags: ['Regional'] },
      { name: 'Ottakringer Helles 0,5 l', allergens: 'A', price: 5.2, ...DRINK, tags: ['Regional'] },
      {
        name: 'Grüner Veltliner Weinviertel DAC 1/8 l',
        allergens: 'O',
        price: 4.2,
        ...DRINK,
        tags: ['Regional'],
      },
    ],
  },
];

/** The screed business: prices per m² (base prices), alternative units, 'ca.' and 'ab' prices, lead times. */
const SCREED: typeof RESTAURANT = [
  {
    category: { name: 'Estrich', description: 'Material und Verlegung, Preise je m² Fläche.', position: 10 },
    products: [
      {
        name: 'Zementestrich CT-C25-F4, 5 cm, verlegt',
        description: 'Für Wohnräume mit und ohne Fußbodenheizung; inkl. Material, Lieferung und Verlegung.',
        price: 21.9,
        ...TRADE,
        unit: 'm2',
        pricing: 'base',
        calculationModel: 'approximate',
        minimumQuantity: 20,
        quantityStepSize: 0.5,
        defaultQuantity: 50,
        isLeadTimeEnabled: true,
        leadTimeType: 'weeks',
        leadTimeValue: 2,
        tags: ['Regional'],
      },
      {
        name: 'Fließestrich CAF C25-F5 (Silolieferung)',
        description:
          'Calciumsulfat-Fließestrich, ca. 100 kg je m² bei 5 cm Stärke. Auch nach Gewicht bestellbar.',
        price: 19,
        ...TRADE,
        unit: 'm2',
        pricing: 'base',
        calculationModel: 'approximate',
        minimumQuantity: 20,
        quantityStepSize: 0.5,
        alternativeUnits: [
          // 1 kg covers 0.01 m² at 5 cm: 0,19 € per kg.
          {
            unit: 'kg',
            ratio: 0.01,
            calculationModel: 'approximate',
            minimumQuantity: 2000,
            quantityStepSize: 100,
          },
        ],
        isLeadTimeEnabled: true,
        leadTimeType: 'days',
        leadTimeValue: 5,
      },
      {
        name: 'Trockenestrich-Element 2 × 12,5 mm',
        description: 'Gipsfaserplatten 1,5 × 0,5 m (0,75 m² je Element), ideal für die Altbausanierung.',
        price: 32.4,
        ...TRADE,
        unit: 'm2',
        pricing: 'base',
        minimumQuantity: 3,
        quantityStepSize: 0.75,
        alternativeUnits: [
          { unit: 'piece', ratio: 0.75, calculationModel: 'fixed', minimumQuantity: 4, quantityStepSize: 1 },
        ],
        defaultUnit: 'piece',
        defaultQuantity: 20,
      },
      {
        name: 'Schnellestrich CT-C30 Rapid',
        description: 'Nach 24 Stunden begehbar, nach 3 Tagen belegreif. Preis je nach Schichtstärke.',
        price: 29.9,
        ...TRADE,
        unit: 'm2',
        pricing: 'base',
        calculationModel: 'minimum',
        minimumQuantity: 10,
        quantityStepSize: 0.5,
        isLeadTimeEnabled: true,
        leadTimeType: 'days',
        leadTimeValue: 3,
      },
    ],
  },
  {
    category: { name: 'Dämmung', position: 11 },
    products: [
      {
        name: 'EPS-Trittschalldämmung 30 mm',
        price: 7.8,
        ...TRADE,
        unit: 'm2',
        minimumQuantity: 6,
        quantityStepSize: 6,
        alternativeUnits: [
          { unit: 'piece', ratio: 6, calculationModel: 'fixed', minimumQuantity: 1, quantityStepSize: 1 },
        ],
        description: 'Paket mit 6 m².',
      },
      {
        name: 'XPS-Wärmedämmung 50 mm',
        price: 14.6,
        ...TRADE,
        unit: 'm2',
        calculationModel: 'approximate',
        minimumQuantity: 10,
        quantityStepSize: 0.5,
      },
      {
        name: 'Randdämmstreifen 10 mm',
        description: 'Rolle zu 25 m.',
        price: 0.95,
        ...TRADE,
        unit: 'm',
        minimumQuantity: 25,
        quantityStepSize: 25,
      },
    ],
  },
  {
    category: { name: 'Zubehör', position: 12 },
    products: [
      {
        name: 'Baustahlgitter AQS 50, 2 × 1 m',
        price: 12.9,
        ...TRADE,
        unit: 'piece',
        minimumQuantity: 1,
        quantityStepSize: 1,
      },
      { name: 'Dehnfugenprofil 2 m', price: 6.4, ...TRADE, unit: 'piece' },
      {
        name: 'PE-Folie 0,2 mm',
        description: 'Rolle zu 50 m².',
        price: 0.85,
        ...TRADE,
        unit: 'm2',
        minimumQuantity: 50,
        quantityStepSize: 50,
      },
      {
        name: 'Estrichzusatzmittel',
        description: 'Fließmittel für Zementestrich, Kanister zu 10 l.',
        price: 3.99,
        ...TRADE,
        unit: 'l',
        minimumQuantity: 10,
        quantityStepSize: 10,
      },
    ],
  },
  {
    category: { name: 'Dienstleistungen', position: 13 },
    products: [
      {
        name: 'Estrichverlegung nach Maß',
        description: 'Estrichart und Stärke wählen, Grundriss hochladen – wir melden uns mit dem Termin.',
        type: 'configurable',
        isStepByStep: true,
        price: 24.9,
        ...TRADE,
        unit: 'm2',
        pricing: 'base',
        calculationModel: 'approximate',
        minimumQuantity: 20,
        quantityStepSize: 0.5,
        defaultQuantity: 60,
        isLeadTimeEnabled: true,
        leadTimeType: 'weeks',
        leadTimeValue: 2,
        config: {
          parts: [
            {
              name: 'Estrichart',
              type: 'select',
              options: [
                option('Zementestrich CT-C25'),
                option('Fließestrich CAF', 3.4),
                option('Schnellestrich CT-C30', 6.9),
              ],
            },
            {
              name: 'Estrichstärke',
              type: 'select',
              options: [option('5 cm'), option('6,5 cm', 2.8), option('8 cm', 5.1)],
            },
            {
              name: 'Grundriss',
              description: 'PDF, Foto oder Skizze mit Maßen.',
              type: 'file',
              optional: true,
            },
            { name: 'Anmerkungen zur Baustelle', type: 'textarea', optional: true },
          ],
        },
        tags: ['Regional'],
      },
      {
        name: 'Besichtigung und Aufmaß vor Ort',
        description: 'Im Großraum Graz; wird bei Auftrag gutgeschrieben.',
        price: 89,
        ...TRADE,
        isLeadTimeEnabled: true,
        leadTimeType: 'days',
        leadTimeValue: 3,
      },
      {
        name: 'CM-Messung (Restfeuchte)',
        price: 65,
        ...TRADE,
        isLeadTimeEnabled: true,
        leadTimeType: 'days',
        leadTimeValue: 2,
      },
      {
        name: 'Estrich schleifen und grundieren',
        price: 4.9,
        ...TRADE,
        unit: 'm2',
        calculationModel: 'minimum',
        minimumQuantity: 20,
        quantityStepSize: 1,
      },
      {
        name: 'Estrichsanierung',
        description: 'Preis nach Besichtigung.',
        price: 0,
        isPriceHidden: true,
        ...TRADE,
        unit: 'm2',
        minimumQuantity: 1,
        isLeadTimeEnabled: true,
        leadTimeType: 'weeks',
        leadTimeValue: 3,
      },
    ],
  },
];

const PRODUCT_TAGS = ['Vegetarisch', 'Vegan', 'Scharf', 'Regional', 'Glutenfrei', 'Hausgemacht'];
const BRANCH_TAGS: Record<string, string[]> = {
  'gasthaus-linde-wien': ['Wirtshaus', 'Lieferung', 'Regional'],
  'gasthaus-linde-linz': ['Wirtshaus'],
  'estrich-graz': ['Handwerk', 'Lieferung'],
};

async function seedSection(
  em: EntityManager,
  section: typeof RESTAURANT,
  tags: Map<string, Tag>,
  menu: { name: string; availableFrom: string; branches: Branch[] },
  /** Food is exempt from withdrawal; the screed business's goods and services are not (§312g (2) BGB). */
  isWithdrawalExempt = true,
): Promise<void> {
  const catalog: Array<{ id: number; products: Array<{ id: number; isEnabled: boolean; schedule: null }> }> =
    [];
  let position = 0;
  for (const { category: categoryData, products } of section) {
    const category = await em.save(
      em.create(Category, { ...categoryInput.parse({ ...categoryData, isWithdrawalExempt }), image: null }),
    );
    const entries = [];
    for (const { tags: tagNames = [], ...data } of products) {
      // The demo's declarations are written as letters ("A, C, G"): read into codes as the migration reads
      // a shop's old text.
      const { codes, note } = parseAllergenText((data as { allergens?: string }).allergens);
      const input = productInput.parse({
        ...data,
        allergenCodes: codes,
        allergens: note,
        isWithdrawalExempt,
      });
      const product = await em.save(
        em.create(Product, {
          ...input,
          uid: randomUUID(),
          images: [],
          imageOrder: [],
          config: { parts: numberParts(input.config.parts) },
          tags: tagNames.map((name) => tags.get(name)!),
          position: position++,
        }),
      );
      entries.push({ id: product.id, isEnabled: true, schedule: null });
    }
    catalog.push({ id: category.id, products: entries });
  }
  const saved = await em.save(
    em.create(Menu, {
      name: menu.name,
      availableFrom: new Date(menu.availableFrom),
      branches: menu.branches,
    }),
  );
  await writeCatalog(em, saved, catalog);
}

/**
 * Seeds tags, categories, products and menus of the demo business and tags its branches. The restaurant's
 * menu serves Vienna and the (not yet public) Linz branch; the screed business has its own.
 */
export async function seedCatalog(em: EntityManager, branches: Branch[]): Promise<void> {
  const byIdentifier = new Map(branches.map((branch) => [branch.identifier, branch]));
  const names = [...new Set([...PRODUCT_TAGS, ...Object.values(BRANCH_TAGS).flat()])];
  const tags = new Map<string, Tag>();
  for (const name of names) tags.set(name, await em.save(em.create(Tag, { name, image: null })));

  for (const [identifier, tagNames] of Object.entries(BRANCH_TAGS)) {
    const branch = byIdentifier.get(identifier);
    if (!branch) continue;
    branch.tags = tagNames.map((name) => tags.get(name)!);
    await em.save(branch);
  }

  const restaurantBranches = ['gasthaus-linde-wien', 'gasthaus-linde-linz'].flatMap(
    (id) => byIdentifier.get(id) ?? [],
  );
  await seedSection(em, RESTAURANT, tags, {
    name: 'Speisekarte Herbst/Winter 2026',
    availableFrom: '2026-09-01T00:00:00+02:00',
    branches: restaurantBranches,
  });
  await seedSection(
    em,
    SCREED,
    tags,
    {
      name: 'Produktkatalog 2026',
      availableFrom: '2026-01-01T00:00:00+01:00',
      branches: [byIdentifier.get('estrich-graz')].filter((branch): branch is Branch => !!branch),
    },
    false,
  );
}
