import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import NodeXMLHttpRequest from 'xhr2';
import { marketProfile } from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { ENTITY_DESCRIPTIONS } from './descriptions';
import { EntityFormStore } from './EntityFormStore';

const describe_ = (collection: string) => ENTITY_DESCRIPTIONS.find((d) => d.collection === collection)!;

describe('EntityFormStore', () => {
  it('keeps a form with unreadable date text from saving, with the message at the field', async () => {
    const fetch = fakeFetch(
      json(200, {
        data: { id: 3, name: 'Frühling', availableFrom: '2026-03-01T08:00:00.000Z', catalog: [] },
      }),
    );
    const form = new EntityFormStore({
      api: new ApiClient({ fetch }),
      errors: new ErrorStore(),
      description: describe_('menus'),
      id: 3,
    });
    await form.load();
    form.setValue('name', 'Frühling');

    form.setInputProblem('availableFrom', 'Gültig ab: Bitte ein Datum im Format TT.MM.JJJJ eingeben.');
    expect(form.errorOf('availableFrom')).toBe('Gültig ab: Bitte ein Datum im Format TT.MM.JJJJ eingeben.');
    await expect(form.save()).resolves.toBeUndefined();
    expect(fetch.calls).toHaveLength(1); // only the load: nothing was sent
    expect(form.errorOf('availableFrom')).toBe('Gültig ab: Bitte ein Datum im Format TT.MM.JJJJ eingeben.');

    // Readable again: the message goes and the next check does not bring it back.
    form.setInputProblem('availableFrom', null);
    expect(form.errorOf('availableFrom')).toBeUndefined();
    form.check();
    expect(form.errorOf('availableFrom')).toBeUndefined();
  });

  describe('a new image against a real HTTP server', () => {
    let server: Server;
    let base: string;
    let received = 0;
    let requests = 0;
    beforeAll(async () => {
      server = createServer((request, response) => {
        requests++;
        let bytes = 0;
        request.on('data', (chunk: Buffer) => (bytes += chunk.length));
        request.on('end', () => {
          received = bytes;
          response.writeHead(201, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ data: { id: 41, name: 'Bild', alt: '' } }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends the file with upload progress (0 at the start, 1 at the end) and clears it after saving', async () => {
      const form = new EntityFormStore({
        api: new ApiClient({ baseUrl: base, xhr: () => new NodeXMLHttpRequest() }),
        errors: new ErrorStore(),
        description: describe_('images'),
      });
      form.setValue('name', 'Bild');
      form.setValue('data', `data:image/png;base64,${'A'.repeat(100_000)}`);
      const seen: (number | null)[] = [];
      const { reaction } = await import('mobx');
      const stop = reaction(
        () => form.uploadProgress,
        (value) => seen.push(value),
      );
      const saving = form.save();
      expect(form.uploading).toBe(true); // "Speichern" and choosing another file wait
      await expect(form.save()).resolves.toBeUndefined(); // a second click while sending does nothing
      const saved = await saving;
      stop();
      expect(saved).toMatchObject({ id: 41 });
      expect(form.uploading).toBe(false);
      expect(received).toBeGreaterThan(100_000);
      expect(seen[0]).toBe(0);
      expect(seen).toContain(1);
      expect(seen.at(-1)).toBeNull();
      expect(form.uploadProgress).toBeNull();
    });

    it('does not save while an upload editor is still reading the chosen file', async () => {
      const before = requests;
      const form = new EntityFormStore({
        api: new ApiClient({ baseUrl: base, xhr: () => new NodeXMLHttpRequest() }),
        errors: new ErrorStore(),
        description: describe_('images'),
      });
      form.setValue('name', 'Bild');
      form.setValue('data', 'data:image/png;base64,AAAA');
      expect(form.uploading).toBe(false);

      form.setReadingFile('data', true);
      expect(form.uploading).toBe(true);
      await expect(form.save()).resolves.toBeUndefined();
      expect(requests).toBe(before); // nothing sent without the file being read

      form.setReadingFile('data', false);
      expect(form.uploading).toBe(false);
      await expect(form.save()).resolves.toMatchObject({ id: 41 });
      expect(requests).toBe(before + 1);
    });

    it('sends other forms without progress', async () => {
      const form = new EntityFormStore({
        api: new ApiClient({ fetch: fakeFetch(json(201, { data: { id: 5, name: 'Neu' } })) }),
        errors: new ErrorStore(),
        description: describe_('tags'),
      });
      form.setValue('name', 'Neu');
      const seen: (number | null)[] = [];
      const { reaction } = await import('mobx');
      const stop = reaction(
        () => form.uploadProgress,
        (value) => seen.push(value),
      );
      await form.save();
      stop();
      expect(seen).toEqual([]);
    });
  });

  it("starts a new row with its market's defaults: a branch's time zone, a product's VAT rates", () => {
    const blank = (collection: string, market: string) =>
      new EntityFormStore({
        api: new ApiClient({ fetch: fakeFetch() }),
        errors: new ErrorStore(),
        description: describe_(collection),
        market: marketProfile(market),
      }).values;
    expect(blank('branches', 'DE').timeZone).toBe('Europe/Berlin');
    expect(blank('branches', 'AT').timeZone).toBe('Europe/Vienna');
    expect(blank('products', 'DE')).toMatchObject({ tax: 19, takeawayTax: 19, dineInTax: 19 });
    expect(blank('products', 'AT')).toMatchObject({ tax: 20, takeawayTax: 20, dineInTax: 20 });
    // The tax fields offer the market's rates as quick choices.
    const tax = describe_('products').fields.find((field) => field.name === 'takeawayTax')!;
    expect(tax.presets?.(marketProfile('DE'))).toEqual([7, 19]);
    expect(tax.presets?.(marketProfile('AT'))).toEqual([10, 13, 20]);
  });
});
