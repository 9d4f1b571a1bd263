import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../router/router';
import { UiStore } from '../stores/UiStore';
import { InternalErrorPage } from './ErrorPage';
import { OfflineBanner } from './OfflineBanner';

enableStaticRendering(true);

describe(InternalErrorPage.name, () => {
  it('shows the specification text of the 500 page', () => {
    const html = renderToString(
      <MemoryRouter>
        <InternalErrorPage />
      </MemoryRouter>,
    );
    expect(html).toContain('500 Internal Server Error');
    expect(html).toContain('Leider ist ein interner Fehler aufgetreten.');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Zur Startseite<\/a>/);
  });
});

describe(OfflineBanner.name, () => {
  it('renders nothing while online', () => {
    expect(renderToString(<OfflineBanner ui={new UiStore()} />)).toBe('');
  });

  it('shows the offline text and the retry button while offline', () => {
    const ui = new UiStore();
    ui.setOnline(false);
    const html = renderToString(<OfflineBanner ui={ui} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.');
    expect(html).toMatch(/<button type="button"[^>]*>Erneut versuchen<\/button>/);
  });
});
