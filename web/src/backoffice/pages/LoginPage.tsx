import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { messages } from '../../i18n/messages';
import { safeRedirect } from '../redirect';
import { useStores } from '../stores';

export const LoginPage = observer(function LoginPage() {
  const { ui, auth } = useStores();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);

  // Errors from a previous visit are stale; an error the backend redirected here with is shown once.
  useEffect(() => {
    auth.showRedirectError(searchParams.get('error'));
    return auth.clearErrors;
  }, [auth, searchParams]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await auth.login({ username, password })) {
      await navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } else {
      alertRef.current?.focus();
    }
  }

  // The alert shows errors[0]; a field repeats only messages the alert does not already show.
  const describe = (field: 'username' | 'password') => {
    const message = auth.fieldError(field);
    if (!message) return { invalid: false, inline: undefined, describedBy: undefined };
    const inAlert = message === auth.errorMessage;
    return {
      invalid: true,
      inline: inAlert ? undefined : message,
      describedBy: inAlert ? 'login-error' : `login-${field}-error`,
    };
  };
  const usernameState = describe('username');
  const passwordState = describe('password');

  return (
    <section className="login" aria-labelledby="login-title">
      <PageTitle title={messages.loginTitle} shopName={ui.shopName} />
      <div className="card login__card">
        <h1 id="login-title">{messages.loginTitle}</h1>
        <p className="muted">{messages.loginIntro}</p>
        <div ref={alertRef} tabIndex={-1} className="login__alert">
          {auth.errorMessage && (
            <div id="login-error" className="alert alert--error" role="alert">
              {auth.errorMessage}
            </div>
          )}
        </div>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title">
          <div className="form__field">
            <label htmlFor="login-username">{messages.username}</label>
            <input
              id="login-username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={usernameState.invalid || undefined}
              aria-describedby={usernameState.describedBy}
            />
            {usernameState.inline && (
              <p id="login-username-error" className="form__error">
                {usernameState.inline}
              </p>
            )}
          </div>
          <div className="form__field">
            <label htmlFor="login-password">{messages.password}</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={passwordState.invalid || undefined}
              aria-describedby={passwordState.describedBy}
            />
            {passwordState.inline && (
              <p id="login-password-error" className="form__error">
                {passwordState.inline}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary button--block" disabled={auth.submitting}>
            {auth.submitting ? messages.loggingIn : messages.login}
          </button>
        </form>
      </div>
    </section>
  );
});
