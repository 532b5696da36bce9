import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { authError, baseHandlers, buildPublicConfig, json, mockFetch } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

async function openAuth(path = '/auth') {
  const app = renderApp(path);
  // The card appears once the session check has answered.
  await screen.findByRole('tab', { name: 'Sign in' });
  return app;
}

describe('sign-in form', () => {
  it('asks for both fields when submitted empty, and marks them invalid', async () => {
    mockFetch(baseHandlers(null));
    const { user } = await openAuth();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByText('Please enter both email and password');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    for (const label of ['E-mail', 'Password']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Please enter both email and password');
    }
  });

  it('shows a refused sign-in in the form, in our words', async () => {
    mockFetch({
      ...baseHandlers(null),
      'POST /api/auth/sign-in/email': () => json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401),
    });
    const { user } = await openAuth();

    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Incorrect e-mail or password.')).toBeInTheDocument();
  });

  it('shows an unknown service message as received', async () => {
    mockFetch({
      ...baseHandlers(null),
      'POST /api/auth/sign-in/email': () => json({ code: 'SOMETHING_NEW', message: 'The moon is in the way' }, 400),
    });
    const { user } = await openAuth();

    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The moon is in the way')).toBeInTheDocument();
  });
});

describe('register form', () => {
  it('asks to fill in all fields when submitted empty', async () => {
    mockFetch(baseHandlers(null));
    const { user } = await openAuth('/auth?tab=register');

    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains a password that is too short, next to the field', async () => {
    mockFetch(baseHandlers(null));
    const { user } = await openAuth('/auth?tab=register');

    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('First name'), 'Camille');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters.'));
  });

  it('after registering, says so and returns to the sign-in tab with the e-mail filled in', async () => {
    const { requests } = mockFetch({
      ...baseHandlers(null, buildPublicConfig({ emailVerificationRequired: true })),
      'POST /api/auth/sign-up/email': () => json({ token: null, user: { id: 'u1', email: 'camille@example.com', name: 'Camille' } }),
    });
    const { user } = await openAuth('/auth?tab=register');

    await user.type(screen.getByLabelText('E-mail'), 'Camille@Example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('First name'), 'Camille');
    await user.selectOptions(screen.getByLabelText('Preferred language'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration successful! Please check your email to verify your account.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveValue('camille@example.com');
    expect(requests.find((r) => r.path === '/api/auth/sign-up/email')?.body).toMatchObject({
      email: 'camille@example.com',
      name: 'Camille',
      defaultLanguage: 'fr',
      callbackURL: '/auth?verified=1',
    });
  });
});

describe('switching tabs', () => {
  // The page drawn on the server shows the sign-in form; a press on "Register" made before the app ran is given
  // again once it has, by which time the address and password may be typed in the sign-in form.
  it('keeps the e-mail and password typed in one form for the other, and registers with them', async () => {
    const { requests } = mockFetch({
      ...baseHandlers(null),
      'POST /api/auth/sign-up/email': () => json({ token: null, user: { id: 'u1', email: 'camille@example.com', name: 'Camille' } }),
    });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('camille@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('a-long-password');
    await user.type(screen.getByLabelText('First name'), 'Camille');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/auth/sign-up/email')).toBe(true));
    expect(requests.find((r) => r.path === '/api/auth/sign-up/email')?.body).toMatchObject({ email: 'camille@example.com', password: 'a-long-password' });
  });
});

describe('forgot password', () => {
  it('always gives the same answer, whether or not the account exists', async () => {
    mockFetch({ ...baseHandlers(null), 'POST /api/auth/request-password-reset': () => authError(400, 'USER_NOT_FOUND') });
    const { user } = await openAuth();

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const section = screen.getByRole('region', { name: 'Reset your password' });
    await user.type(within(section).getByLabelText('E-mail'), 'nobody@example.com');
    await user.click(within(section).getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText('If an account exists for this address, we sent a link to reset the password.')).toBeInTheDocument();
  });
});

describe('auth page', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('confirms a verified e-mail address when the verification link lands here', async () => {
    mockFetch(baseHandlers(null));
    const { router } = await openAuth('/auth?verified=1');
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks to wait when sign-in is rate limited', async () => {
    mockFetch({ ...baseHandlers(null), 'POST /api/auth/sign-in/email': () => json({ message: 'Too many requests' }, 429) });
    const { user } = await openAuth();

    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Too many attempts. Please wait a minute, then try again.')).toBeInTheDocument();
  });

  it('speaks French after switching language', async () => {
    mockFetch(baseHandlers(null));
    const { user } = await openAuth();

    await user.click(screen.getByRole('button', { name: 'FR' }));

    expect(await screen.findByRole('tab', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'S’inscrire' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Saisis ton e-mail et ton mot de passe.')).toBeInTheDocument();
  });
});

describe('server-side validation', () => {
  it("translates the server's field keys instead of showing its English message", async () => {
    mockFetch({
      ...baseHandlers(null),
      'POST /api/auth/sign-up/email': () =>
        json({ code: 'VALIDATION_FAILED', message: 'The registration form is not valid.', fields: { name: ['validation.firstNameTooShort'] } }, 400),
    });
    const { user } = await openAuth('/auth?tab=register');

    await user.type(screen.getByLabelText('E-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('First name'), 'Camille');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name must be at least 2 characters.')).toBeInTheDocument();
  });
});

describe('registration modes', () => {
  it('closed: offers no registration, and says so', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ registration: 'closed' })));
    renderApp('/auth?tab=register');
    expect(await screen.findByText(/New accounts are not open on this Souvenir/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('invite-only without a link: points to the invitation e-mail', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ registration: 'invite' })));
    renderApp('/auth');
    expect(await screen.findByText(/by invitation only/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('invite-only with a link: the invited address, and the token sent with the form', async () => {
    const token = 'T'.repeat(43);
    const network = mockFetch({
      ...baseHandlers(null, buildPublicConfig({ registration: 'invite' })),
      [`GET /api/invitations/${token}`]: () => json({ email: 'guest@example.com', language: 'en' }),
      'POST /api/auth/sign-up/email': () => json({ token: null, user: { id: 'u1' } }),
    });
    const { user } = renderApp(`/auth?invitation=${token}`);
    expect(await screen.findByText(/You were invited as guest@example.com/)).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('guest@example.com');
    expect(email).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('First name'), 'Camille');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(network.requests.some((c) => c.path === '/api/auth/sign-up/email')).toBe(true));
    const signUp = network.requests.find((c) => c.path === '/api/auth/sign-up/email')!;
    expect(signUp.body).toMatchObject({ email: 'guest@example.com', invitationToken: token });
  });

  it('invite-only with a link that no longer works: says so, offers no form', async () => {
    const token = 'U'.repeat(43);
    mockFetch({ ...baseHandlers(null, buildPublicConfig({ registration: 'invite' })), [`GET /api/invitations/${token}`]: () => json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404) });
    renderApp(`/auth?invitation=${token}`);
    expect(await screen.findByText('This invitation no longer works')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });
});

describe('single sign-on', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers the provider by its name beside the password form', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ sso: { label: 'Authentik' } })));
    await openAuth();
    expect(screen.getByRole('button', { name: 'Continue with Authentik' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('with password sign-in off: only single sign-on, in English and in French', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ sso: { label: null }, passwordSignIn: false })));
    const { user } = renderApp('/auth?tab=register');
    expect(await screen.findByRole('button', { name: 'Continue with single sign-on' })).toBeInTheDocument();
    expect(screen.getByText(/people sign in through their organisation's account/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'FR' }));
    expect(await screen.findByRole('button', { name: 'Continuer avec l’authentification unique' })).toBeInTheDocument();
    expect(screen.getByText(/on se connecte avec le compte de son organisation/)).toBeInTheDocument();
  });

  it('explains an address the provider did not verify, then tidies the address bar', async () => {
    mockFetch(baseHandlers(null, buildPublicConfig({ sso: { label: 'Keycloak' } })));
    const { router } = await openAuth('/auth?provider=sso&error=account_not_linked');
    expect(await screen.findByText(/your sign-in provider has not confirmed that it is yours/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
