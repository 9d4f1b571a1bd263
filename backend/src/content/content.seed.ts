import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { loadConfig } from '../env/config.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import { shopConfigInput } from '../config/shop-config.schema.js';
import { CollectionVersions } from '../logs/collection-versions.js';
import { Image } from '../media/image.entity.js';
import { MediaStorage, randomKeyPart } from '../media/media-storage.js';
import { BLOCK_CONTENT, type BlockTypeName } from './block-content.js';
import { Block } from './block.entity.js';
import { Donatee } from './donatee.entity.js';
import { numberItems } from './navigation.resource.js';
import { Navigation, type NavigationItemJson } from './navigation.entity.js';
import { sanitizeRichText } from '../core/rich-text.js';
import { Site } from './site.entity.js';
import { INIT_URLS } from '@ordering/common';

const ORANGE = '#e8620c';

/** A demo picture drawn from shapes (no external files, no fonts needed). */
async function drawPng(width: number, height: number, shapes: string, background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

async function storeImage(
  em: EntityManager,
  media: MediaStorage,
  name: string,
  alt: string,
  png: Buffer,
): Promise<Image> {
  const meta = await sharp(png).metadata();
  const key = `images/demo-${name}-${randomKeyPart()}.png`;
  await media.write(key, png);
  return em.save(
    em.create(Image, {
      version: 1,
      extension: 'png',
      mimeType: 'image/png',
      name: `${name}.png`,
      alt,
      width: meta.width ?? null,
      height: meta.height ?? null,
      size: png.length,
      storageKey: key,
    }),
  );
}

/** The demo pictures: logos, branch headers and the home page's hero and gallery. */
async function seedImages(em: EntityManager, media: MediaStorage) {
  const stripes = (w: number, h: number, colour: string) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `<rect x="${(i * w) / 6}" y="${h * 0.72}" width="${w / 12}" height="${h * 0.28}" fill="${colour}" opacity="0.${9 - i}"/>`,
    ).join('');
  return {
    logo: await storeImage(
      em,
      media,
      'logo-gruber-linde',
      'Logo Gruber & Linde',
      await drawPng(
        512,
        512,
        `<circle cx="256" cy="256" r="200" fill="#ffffff"/><rect x="156" y="156" width="200" height="200" rx="24" fill="${ORANGE}"/>`,
        ORANGE,
      ),
    ),
    logoInn: await storeImage(
      em,
      media,
      'logo-zur-linde',
      'Logo Gasthaus Zur Linde',
      await drawPng(
        512,
        512,
        `<circle cx="256" cy="220" r="140" fill="#3f6b35"/><rect x="236" y="330" width="40" height="110" fill="#6b4a2b"/>`,
        '#f4efe6',
      ),
    ),
    screedHeader: await storeImage(
      em,
      media,
      'header-estrich',
      'Frisch verlegter Fließestrich in einer Halle',
      await drawPng(1600, 600, stripes(1600, 600, ORANGE), '#8a8d91'),
    ),
    innHeader: await storeImage(
      em,
      media,
      'header-gasthaus',
      'Gaststube mit gedeckten Tischen',
      await drawPng(1600, 600, stripes(1600, 600, '#f4efe6'), '#6b4a2b'),
    ),
    hero: await storeImage(
      em,
      media,
      'hero-estrich',
      'Estrichleger beim Abziehen der Oberfläche',
      await drawPng(
        1920,
        800,
        `<rect x="0" y="560" width="1920" height="240" fill="#6f7276"/>${stripes(1920, 800, ORANGE)}`,
        '#a5a8ac',
      ),
    ),
    values: await storeImage(
      em,
      media,
      'werte',
      'Meisterbrief an der Wand',
      await drawPng(
        1200,
        900,
        `<rect x="300" y="200" width="600" height="500" fill="#ffffff"/><rect x="360" y="260" width="480" height="40" fill="${ORANGE}"/>`,
        '#d9d4cc',
      ),
    ),
    gallery: [
      await storeImage(
        em,
        media,
        'galerie-zementestrich',
        'Zementestrich im Neubau',
        await drawPng(1600, 1067, stripes(1600, 1067, '#5b5e62'), '#9ea1a5'),
      ),
      await storeImage(
        em,
        media,
        'galerie-fussbodenheizung',
        'Fußbodenheizung vor dem Estrich',
        await drawPng(
          1600,
          1067,
          `<path d="M100 200 H1500 V350 H100 V500 H1500 V650 H100 V800 H1500" stroke="${ORANGE}" stroke-width="30" fill="none"/>`,
          '#c9c6c0',
        ),
      ),
      await storeImage(
        em,
        media,
        'galerie-schleifen',
        'Geschliffener Sichtestrich',
        await drawPng(1600, 1067, `<circle cx="800" cy="533" r="380" fill="#b9bbbe"/>`, '#8a8d91'),
      ),
    ],
    redCross: await storeImage(
      em,
      media,
      'spende-rotes-kreuz',
      'Logo Rotes Kreuz',
      await drawPng(
        256,
        256,
        '<rect x="98" y="38" width="60" height="180" fill="#d0021b"/><rect x="38" y="98" width="180" height="60" fill="#d0021b"/>',
        '#ffffff',
      ),
    ),
  };
}

const block = (
  identifier: string,
  type: BlockTypeName,
  content: Record<string, unknown>,
  position: number,
) => ({
  identifier,
  type,
  // Validated like API input, so the demo never holds what the API would refuse.
  content: BLOCK_CONTENT[type].parse(content) as Record<string, unknown>,
  isEnabled: true,
  isPublic: true,
  position,
});

const legal = {
  'terms-and-conditions': {
    title: 'Allgemeine Geschäftsbedingungen',
    body: `<h1>Allgemeine Geschäftsbedingungen</h1>
<p>Gruber &amp; Linde GmbH, Kärntner Straße 120, 8053 Graz. Stand: Jänner 2026.</p>
<h2>1. Geltung</h2><p>Diese Bedingungen gelten für alle Bestellungen über diesen Online-Shop, für Speisen und Getränke ebenso wie für Estrich- und Bodenarbeiten.</p>
<h2>2. Angebote und Preise</h2><p>Preise verstehen sich in Euro inklusive Umsatzsteuer. Bei Estricharbeiten nach Fläche ist der angezeigte Preis ein Richtpreis; verbindlich ist das Angebot nach Besichtigung.</p>
<h2>3. Termine</h2><p>Ausführungstermine werden bestätigt, sobald Untergrund und Zufahrt geklärt sind. Trocknungszeiten richten sich nach Witterung und Estrichart.</p>
<h2>4. Zahlung</h2><p>Speisen bezahlen Sie bei Abholung oder Lieferung. Bauleistungen werden nach Abnahme mit 14 Tagen Zahlungsziel verrechnet.</p>`,
  },
  privacy: {
    title: 'Datenschutzerklärung',
    body: `<h1>Datenschutzerklärung</h1>
<p>Wir verarbeiten Ihre Daten (Name, Adresse, Telefon, E-Mail, Bestellung) nur, um Ihre Bestellung abzuwickeln (Art. 6 Abs. 1 lit. b DSGVO), und bewahren sie so lange auf, wie es Steuer- und Unternehmensrecht verlangen.</p>
<p>Karten und Statistik laden wir erst nach Ihrer Zustimmung. Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Beschwerde bei der Datenschutzbehörde.</p>
<p>Kontakt: <a href="mailto:datenschutz@gruber-linde.at">datenschutz@gruber-linde.at</a></p>`,
  },
  imprint: {
    title: 'Impressum',
    body: `<h1>Impressum</h1>
<p><strong>Gruber &amp; Linde GmbH</strong><br>Kärntner Straße 120, 8053 Graz, Österreich</p>
<p>Firmenbuchnummer: FN 456789 x, Landesgericht für ZRS Graz<br>UID: ATU12345678<br>Mitglied der Wirtschaftskammer Steiermark</p>
<p>Telefon: <a href="tel:+43316271440">+43 316 271 440</a> · E-Mail: <a href="mailto:office@gruber-linde.at">office@gruber-linde.at</a></p>`,
  },
  allergens: {
    title: 'Allergeninformation',
    body: `<h1>Allergeninformation</h1>
<p>Die Buchstaben bei unseren Gerichten bezeichnen die 14 Hauptallergene nach der EU-Lebensmittelinformationsverordnung:</p>
<ul><li>A Glutenhaltiges Getreide</li><li>C Eier</li><li>G Milch und Laktose</li><li>H Schalenfrüchte</li><li>L Sellerie</li><li>M Senf</li><li>O Sulfite</li></ul>
<p>Fragen Sie unser Service-Team, wir beraten Sie gern.</p>`,
  },
};

/**
 * The demo content: shop configuration, the home page built from blocks about the screed trade, legal
 * pages, the three navigations, donation recipients and pictures (logos and headers of the branches).
 * @param mediaDir where the pictures go (default: MEDIA_DIR of the environment).
 */
export async function seedContent(
  em: EntityManager,
  branches: Branch[],
  mediaDir = loadConfig().mediaDir,
): Promise<void> {
  const media = new MediaStorage(mediaDir);
  const images = await seedImages(em, media);
  const byIdentifier = new Map(branches.map((b) => [b.identifier, b]));
  const screed = byIdentifier.get('estrich-graz');
  const inn = byIdentifier.get('gasthaus-linde-wien');
  for (const branch of branches) {
    const isScreed = branch === screed;
    branch.logo = isScreed ? images.logo : images.logoInn;
    branch.images = [isScreed ? images.screedHeader : images.innHeader];
  }
  await em.save(branches);

  await em.save(
    em.create(ShopConfig, {
      id: 1,
      ...shopConfigInput.parse({
        shopName: 'Gruber & Linde',
        businessName: 'Gruber & Linde GmbH',
        currency: 'EUR',
        market: 'AT', // the demo's inn is in Vienna
        termsAndConditions: '/terms-and-conditions',
        privacyPolicy: '/privacy',
        imprint: '/imprint',
        allergens: '/allergens',
        enablePluginPWA: true,
        enablePluginToolbar: true,
        enablePluginMaps: true,
        enableCash: true,
        enableATMCard: true,
        enablePluginCardPayments: true,
        enablePluginDonations: true,
        enablePluginOrderReviews: true,
        enablePluginFrontdesk: true,
        enablePluginHomePage: true,
        enablePluginSearch: true,
        enablePluginTags: true,
        enablePluginCategoryBar: true,
        title: 'Gruber & Linde – Estrich in Graz, Wirtshaus in Wien',
        description:
          '<p>Fließestrich, Zementestrich und Fußbodenheizung vom Meisterbetrieb – und Wiener Küche zum Mitnehmen.</p>',
        website: 'https://www.gruber-linde.at',
        defaultDeliveryMethod: 'takeaway',
      }),
      mollieApiKey: '',
      datatransMerchantId: '',
      datatransSign: '',
      datatransPassword: '',
      smsApiKey: '',
    }),
  );

  const blocks = [
    block(
      'home-hero',
      'hero',
      {
        title: 'Estrich vom Meister',
        text: '<p>Fließestrich, Zementestrich und Heizestrich für Neubau und Sanierung – in der ganzen Steiermark, termintreu und sauber verlegt.</p>',
        image: { id: images.hero.id },
        buttons: [
          { label: 'Jetzt anfragen', url: '/store/estrich-graz' },
          { label: 'Unsere Leistungen', url: '#home-leistungen' },
        ],
        introduction: '<p>Seit 1987 in Graz · über 4.000 verlegte Böden</p>',
        isIntroductionColored: true,
      },
      0,
    ),
    block(
      'home-leistungen',
      'sectionTextBoxes',
      {
        title: 'Unsere Leistungen',
        boxes: [
          {
            title: 'Fließestrich',
            text: '<p>Calciumsulfat-Fließestrich, ab 80 m² am selben Tag verlegt, ideal über Fußbodenheizung.</p>',
            button: { label: 'Preis berechnen', url: '/store/estrich-graz' },
          },
          {
            title: 'Zementestrich',
            text: '<p>Robust für Keller, Garage und Nassräume; auch als Gefälleestrich.</p>',
            button: null,
          },
          {
            title: 'Sanierung',
            text: '<p>Alten Estrich abtragen, Risse verharzen, Untergrund ausgleichen – wir beraten vor Ort.</p>',
            button: { label: 'Besichtigung anfragen', url: '/store/estrich-graz' },
          },
        ],
      },
      1,
    ),
    block(
      'home-werte',
      'sectionValues',
      {
        title: 'Warum Gruber',
        text: '<ul><li>Meisterbetrieb mit eigener Mannschaft</li><li>Feuchtemessung (CM) vor jeder Belagsfreigabe</li><li>Fixpreis nach Besichtigung</li></ul>',
        image: { id: images.values.id },
      },
      2,
    ),
    block(
      'home-referenzen',
      'sectionService',
      {
        title: 'Referenzen',
        text: '<p>Einfamilienhäuser, Wohnanlagen und Hallen – ein Auszug aus dem letzten Jahr.</p>',
        gallery: images.gallery.map((i) => ({ id: i.id })),
      },
      3,
    ),
    block(
      'home-bilder',
      'sectionImages',
      {
        title: 'Aus unseren Baustellen',
        text: '<p>Vom Rohbau bis zum fertigen Boden.</p>',
        images: [...images.gallery].reverse().map((i) => ({ id: i.id })),
      },
      4,
    ),
    block(
      'home-ablauf',
      'sectionImageText',
      {
        title: 'So läuft Ihr Auftrag',
        text: '<ol><li>Anfrage online oder am Telefon</li><li>Besichtigung und Fixpreis-Angebot</li><li>Verlegung am vereinbarten Tag</li><li>Feuchtemessung und Freigabe für den Bodenleger</li></ol>',
        image: { id: images.values.id },
        imagePosition: 'right',
      },
      5,
    ),
    block(
      'home-info',
      'sectionInfoBox',
      {
        title: 'Gut zu wissen',
        text: '<p>Technische Merkblätter und Richtwerte für Bauherren und Planer.</p>',
        items: [
          { label: 'Estrich berechnen', url: '/store/estrich-graz' },
          { label: 'Über uns', url: '/ueber-uns' },
          { label: 'Merkblätter des Bundesverbands', url: 'https://www.estrich.at' },
        ],
      },
      6,
    ),
    block(
      'home-video',
      'sectionVideo',
      {
        title: 'Fließestrich in 60 Sekunden',
        text: '<p>Wie 120 m² an einem Vormittag verlegt werden: Pumpen, Verteilen, Schwabbeln. Das Video folgt in Kürze.</p>',
        video: null,
      },
      7,
    ),
    block(
      'home-kontakt',
      'sectionContact',
      {
        title: 'Kontakt',
        text: '<p>Rufen Sie uns an oder schreiben Sie uns – wir melden uns innerhalb eines Werktags.</p>',
        boxes: [
          {
            title: 'Estrich Graz',
            image: { id: images.logo.id },
            text: '<p>Kärntner Straße 120, 8053 Graz<br>+43 316 271 440</p>',
          },
          {
            title: 'Gasthaus Zur Linde',
            image: { id: images.logoInn.id },
            text: '<p>Neubaugasse 42, 1070 Wien<br>+43 1 523 88 10</p>',
          },
        ],
      },
      8,
    ),
  ];
  await em.save(blocks.map((b) => em.create(Block, b)));

  await em.save(
    em.create(Site, {
      path: '',
      type: 'custom_site',
      title: 'Startseite',
      content: { body: blocks.map((b) => ({ block: b.identifier })) },
      isPublic: true,
    }),
  );
  // Every block type on one page: the screed trade's services (linked in the header navigation).
  await em.save(
    em.create(Site, {
      path: 'leistungen',
      type: 'custom_site',
      title: 'Leistungen',
      content: { body: blocks.map((b) => ({ block: b.identifier })) },
      isPublic: true,
    }),
  );
  await em.save(
    em.create(Site, {
      path: 'ueber-uns',
      type: 'default',
      title: 'Über uns',
      content: {
        body: sanitizeRichText(
          '<h1>Über uns</h1><p>Zwei Familienbetriebe unter einem Dach: Gruber Estrich &amp; Boden in Graz und das Gasthaus Zur Linde in Wien.</p>',
        ),
      },
      isPublic: true,
    }),
  );
  for (const [path, page] of Object.entries(legal)) {
    await em.save(
      em.create(Site, {
        path,
        type: 'default',
        title: page.title,
        content: { body: sanitizeRichText(page.body) },
        isPublic: true,
      }),
    );
  }

  const item = (
    type: NavigationItemJson['type'],
    target: string,
    label: string,
    children: NavigationItemJson[] = [],
  ): NavigationItemJson => ({
    type,
    target,
    label,
    isEnabled: true,
    children,
  });
  await em.save([
    em.create(Navigation, {
      identifier: 'header-navigation',
      name: 'Kopfzeile',
      items: numberItems([
        item('home', '', 'Start'),
        item('branch', screed?.identifier ?? 'estrich-graz', 'Estrich'),
        item('branch', inn?.identifier ?? 'gasthaus-linde-wien', 'Gasthaus'),
        item('site', 'leistungen', 'Leistungen'),
        item('site', 'ueber-uns', 'Über uns'),
      ]),
    }),
    em.create(Navigation, {
      identifier: 'footer-sites-navigation',
      name: 'Fußzeile: Seiten',
      items: numberItems([
        // The legal pages are linked from the configuration (footer "Rechtliches"), not listed twice.
        item('site', 'leistungen', 'Leistungen'),
        item('site', 'ueber-uns', 'Über uns'),
      ]),
    }),
    em.create(Navigation, {
      identifier: 'footer-data-navigation',
      name: 'Fußzeile: Standorte',
      items: numberItems([
        item('branch', screed?.identifier ?? 'estrich-graz', 'Graz – Estrich & Boden'),
        item('branch', inn?.identifier ?? 'gasthaus-linde-wien', 'Wien – Gasthaus Zur Linde'),
        item('link', 'https://firmen.wko.at', 'WKO Firmen A–Z'),
      ]),
    }),
  ]);

  await em.save([
    em.create(Donatee, {
      identifier: 'rotes-kreuz-steiermark',
      name: 'Rotes Kreuz Steiermark',
      description: 'Rettungsdienst, Katastrophenhilfe und **Blutspende** in der ganzen Steiermark.',
      image: images.redCross,
    }),
    em.create(Donatee, {
      identifier: 'tierschutzverein-graz',
      name: 'Tierschutzverein Graz',
      description: 'Das Tierheim Graz nimmt jedes Jahr über 2.000 Tiere auf & vermittelt sie weiter.',
      image: null,
    }),
    em.create(Donatee, {
      identifier: 'caritas-wien',
      name: 'Caritas Wien',
      description: 'Wärmestuben, Lerncafés und Hilfe für Menschen in Not in Wien.',
      image: null,
    }),
  ]);

  // Caches of running instances (such as /api/init and the menus' catalogues) see the new content.
  const versions = new CollectionVersions();
  for (const collection of [...INIT_URLS, 'categories', 'products', 'images'])
    await versions.bump(em, collection);
}
