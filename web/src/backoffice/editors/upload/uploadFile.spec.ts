import { formatBytes } from '@ordering/common';
import { extensionOf, fileProblem, isPreviewable, MAX_FILE_BYTES } from './uploadFile';

describe('upload editor checks', () => {
  it('formats sizes as the API messages do', () => {
    expect(formatBytes(MAX_FILE_BYTES)).toBe('15 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(320 * 1024)).toBe('320 kB');
  });

  it('refuses empty, too large and foreign files with the German catalogue texts', () => {
    expect(fileProblem({ name: 'leer.png', size: 0 }, 'image')).toBe('Die ausgewählte Datei ist leer.');
    expect(fileProblem({ name: 'gross.png', size: MAX_FILE_BYTES + 1 }, 'image')).toBe(
      'Die Datei ist zu groß. Die maximal zulässige Größe beträgt 15 MB.',
    );
    expect(fileProblem({ name: 'menu.pdf', size: 10 }, 'image')).toBe(
      'Der Dateityp der Datei ist ungültig (pdf). Erlaubte Dateitypen sind jpg, jpeg, png, gif, webp, svg.',
    );
    expect(fileProblem({ name: 'menu.pdf', size: 10 }, 'file')).toBeNull();
    // The shop's fonts are uploaded here too (the server checks their content).
    expect(fileProblem({ name: 'Hausschrift.woff2', size: 10 }, 'file')).toBeNull();
    expect(fileProblem({ name: 'Foto.JPG', size: 10 }, 'image')).toBeNull();
  });

  it('reads extensions and previewable data URLs', () => {
    expect(extensionOf('Speisekarte.Herbst.PDF')).toBe('pdf');
    expect(extensionOf('ohne-endung')).toBe('');
    expect(isPreviewable('data:image/png;base64,iVBOR')).toBe(true);
    expect(isPreviewable('data:application/pdf;base64,JVBER')).toBe(false);
  });
});
