import { de, interpolate, renderMessage, t, tooManyAttemptsMessage } from './de.js';
import {
  ENTITY_NAMES,
  entityFailureMessage,
  entityNotFoundMessage,
  failureMessageFrom,
  type EntityCollection,
} from './entities.js';

describe('i18n', () => {
  describe(t.name, () => {
    it('fills the placeholders of the spec texts', () => {
      expect(t('branchList.count', { n: 3, m: 7 })).toBe('3 von 7 Filialen werden angezeigt.');
      expect(t('checkout.freeDeliveryFrom', { amount: '30,00 €' })).toBe('Kostenlose Lieferung ab 30,00 €.');
      expect(t('cart.uploadFailed', { fileName: 'plan.exe' })).toBe(
        'Die ausgewählte Datei "plan.exe" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
      );
    });

    it('returns texts without placeholders as they are', () => {
      expect(t('cart.empty')).toBe('Keine Produkte im Warenkorb!');
      expect(t('general.offline')).toBe('Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.');
      expect(t('page.notFound')).toBe('404 Not Found - Leider wurde die angeforderte Seite nicht gefunden.');
    });

    it('has the auth, http and validation texts the backend sends', () => {
      expect(t('auth.invalidCredentials')).toBe('Ungültige Zugangsdaten.');
      expect(t('auth.csrf')).toBe('Ungültiges CSRF-Token.');
      expect(t('validation.tooLong', { max: 255 })).toBe(
        'Diese Zeichenkette ist zu lang. Sie sollte höchstens 255 Zeichen haben.',
      );
      expect(t('http.notFound')).toBe('Der angeforderte Eintrag wurde nicht gefunden.');
    });
  });

  describe('de', () => {
    it('has no empty text and only well-formed placeholders', () => {
      for (const [key, text] of Object.entries(de)) {
        expect(`${key}: ${text.trim() === '' ? 'empty' : 'ok'}`).toBe(`${key}: ok`);
        expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
      }
    });
  });

  describe(interpolate.name, () => {
    it('leaves unknown placeholders visible', () => {
      expect(interpolate('ab {amount}', {})).toBe('ab {amount}');
      expect(interpolate('ab {amount}')).toBe('ab {amount}');
    });
  });

  describe(renderMessage.name, () => {
    it('renders a stored message', () => {
      expect(renderMessage({ key: 'appointment.noneOnDay' })).toBe(
        'Zum ausgewählten Tag sind keine Termine verfügbar.',
      );
    });
  });

  describe(tooManyAttemptsMessage.name, () => {
    it('uses singular and plural of Minute', () => {
      expect(tooManyAttemptsMessage(1)).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 1 Minute erneut.',
      );
      expect(tooManyAttemptsMessage(15)).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten erneut.',
      );
    });
  });

  describe(entityFailureMessage.name, () => {
    it('builds the spec examples', () => {
      expect(entityFailureMessage('branches', 'load')).toBe('Filialen konnten nicht geladen werden.');
      expect(entityFailureMessage('branches', 'create')).toBe('Filiale konnte nicht erstellt werden.');
      expect(entityFailureMessage('images', 'update')).toBe('Bild konnte nicht aktualisiert werden.');
      expect(entityFailureMessage('digital-signage-devices', 'delete')).toBe(
        'TV konnte nicht gelöscht werden.',
      );
      expect(entityFailureMessage('working-schedules', 'load')).toBe('Planung konnte nicht geladen werden.');
      expect(entityFailureMessage('products', 'loadOne')).toBe('Produkt konnte nicht geladen werden.');
    });

    it('has a message for every entity of section 8', () => {
      expect(Object.keys(ENTITY_NAMES)).toHaveLength(28);
      for (const collection of Object.keys(ENTITY_NAMES) as EntityCollection[]) {
        expect(entityFailureMessage(collection, 'load')).toMatch(/ konnten? nicht geladen werden\.$/);
      }
    });
  });

  describe(entityNotFoundMessage.name, () => {
    it('names the entity', () => {
      expect(entityNotFoundMessage('tables')).toBe('Tisch wurde nicht gefunden.');
    });
  });

  describe(failureMessageFrom.name, () => {
    it('prefers the server message and falls back otherwise', () => {
      expect(failureMessageFrom({ errors: [{ message: 'Dieser Wert wird bereits verwendet.' }] }, 'x')).toBe(
        'Dieser Wert wird bereits verwendet.',
      );
      expect(failureMessageFrom({ errors: [] }, 'Fallback')).toBe('Fallback');
      expect(failureMessageFrom({ errors: [{ message: ' ' }] }, 'Fallback')).toBe('Fallback');
      expect(failureMessageFrom(null, 'Fallback')).toBe('Fallback');
    });
  });
});
