import { Link } from '../router/router';
import { messages } from '../i18n/messages';

interface ErrorPageProps {
  title: string;
  text: string;
}

/** The body of an error page; stands inside a face's layout or, as the last resort, on its own. */
export function ErrorPage({ title, text }: ErrorPageProps) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{title}</title>
      <h1 id="error-title" className="error-page__title">
        {title}
      </h1>
      <p className="error-page__text">{text}</p>
      <Link className="button button--primary" to="/">
        {messages.backToHome}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage title={messages.notFoundTitle} text={messages.notFoundText} />;
}

export function InternalErrorPage() {
  return <ErrorPage title={messages.internalErrorTitle} text={messages.internalErrorText} />;
}

/** Root error element: no store or layout may be assumed to work here. */
export function StandaloneErrorPage() {
  return (
    <main id="main" className="standalone-error">
      <InternalErrorPage />
    </main>
  );
}
