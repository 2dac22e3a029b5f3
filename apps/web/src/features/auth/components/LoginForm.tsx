import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { loginButtons, loginLabels, loginMessages, type Facility, type LoginPageData } from '@hasp/contracts';
import { FormMessage } from '../../../components/FormMessage';
import { VersionLabel } from '../../../components/VersionLabel';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions, useCaptionSource } from '../../../lib/i18n';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../../lib/redirect-target';
import { readLoggedOutFlag, writeLoggedOutFlag } from '../../../lib/storage';
import { reloadFacilities, useFacilities } from '../api/get-facilities';
import { useIdpSettings } from '../api/get-idp-settings';
import { useLogin, warmUpSignIn } from '../api/login';
import { toastAuthorizationFailed } from './authorization-failed';
import { ssoLoginBody, ssoMode, ssoModeMessage, type SsoReturn } from './sso-login-state';
import { useLoginMessage } from './use-login-message';
import { PasswordField } from './PasswordField';
import { PlaceFields } from './PlaceFields';
import { useShake } from './use-shake';
import {
  initialFacilityId,
  loginFailureMessage,
  noFacilitiesMessage,
  validateLoginForm,
  type LoginField,
  type LoginFormValues,
} from './login-form-state';
import classes from './LoginPage.module.css';

export interface LoginFormProps {
  pageData: LoginPageData;
  initialConnection: string;
  initialFacilities: Facility[];
  lastFacilityId: number | null;
  /** What the IdP round trip brought back for `initialConnection`, if anything. */
  ssoReturn?: SsoReturn;
}

/** A server answer shown above the Login button; `invalidCredentials` clears when the password changes. */
interface ServerMessage {
  kind: 'invalidCredentials' | 'other';
  text: string;
}

/**
 * The seed's login form: connection and facility dropdowns (only when there is a choice), username,
 * password, and a Login button with a spinner. A failed sign-in shakes the form. When the connection
 * uses single sign-on, the IdP names the user: no username or password, and a Start Over button.
 */
export function LoginForm({
  pageData,
  initialConnection,
  initialFacilities,
  lastFacilityId,
  ssoReturn,
}: LoginFormProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const t = useCaptions();
  const message = useLoginMessage();

  const [values, setValues] = useState<LoginFormValues>(() => ({
    connectionStringName: initialConnection,
    facilityId: initialFacilityId(initialFacilities, lastFacilityId),
    username: '',
    password: '',
  }));
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverMessage, setServerMessage] = useState<ServerMessage | null>(null);
  const [connectionChanged, setConnectionChanged] = useState(false);
  const shake = useShake();
  const [focusInvalid, setFocusInvalid] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const requestedConnection = useRef(initialConnection);
  const [sso, setSso] = useState({ token: ssoReturn?.token ?? null, failed: ssoReturn?.failed ?? false });
  const [leaving, setLeaving] = useState(false);

  // The IdP's answer belongs to the connection it named (the initial one).
  const ssoToken = values.connectionStringName === initialConnection ? sso.token : null;
  const facilities = useFacilities(values.connectionStringName, undefined, ssoToken);
  const idp = useIdpSettings(values.connectionStringName, pageData);
  const tokenRefused = ssoToken !== null && facilities.isError;
  const mode = ssoMode({
    settings: !values.connectionStringName || idp.isError ? null : idp.data,
    token: ssoToken,
    failed: (values.connectionStringName === initialConnection && sso.failed) || tokenRefused,
    loggedOut: readLoggedOutFlag(),
  });
  const spRedirect = idp.data?.spAPIRedirect ?? '';
  useCaptionSource(values.connectionStringName || null);
  const facilityList = (values.connectionStringName && facilities.data) || [];
  const validation = validateLoginForm(values);
  const leavingForIdp = leaving || mode === 'redirect';
  const busy = login.isPending || login.isSuccess || leavingForIdp;

  // The seed's SSO rule: SSO on, no token, not logged out: straight to the identity provider.
  // Not when Start Over / Login is already leaving: clearing the logged-out flag re-renders into
  // 'redirect', and a second assign would start a second round trip (seen as a flaky e2e).
  useEffect(() => {
    if (mode === 'redirect' && !leaving) window.location.assign(spRedirect);
  }, [mode, spRedirect, leaving]);

  useEffect(() => {
    if (tokenRefused) toastAuthorizationFailed();
  }, [tokenRefused]);

  /** Login (after a failure or a sign-out) and Start Over: a new round trip; the old token is dropped. */
  function goToIdentityProvider() {
    writeLoggedOutFlag(false);
    setLeaving(true);
    window.location.assign(spRedirect);
  }

  // Focus moves to the first field in error after a refused submit (its aria-invalid is set by then).
  useEffect(() => {
    if (focusInvalid > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const errorOf = (field: LoginField) => message(submitted || touched[field] ? validation.errors[field] : undefined);
  const touch = (field: LoginField) => setTouched((current) => ({ ...current, [field]: true }));

  /** The seed's rule: a new connection reloads its facilities and selects the first. */
  async function changeConnection(name: string) {
    requestedConnection.current = name;
    setConnectionChanged(true);
    setServerMessage(null);
    touch('connectionStringName');
    setValues((current) => ({ ...current, connectionStringName: name, facilityId: '' }));
    if (!name) return;
    try {
      const list = await reloadFacilities(name);
      if (requestedConnection.current !== name) return;
      setValues((current) => ({ ...current, facilityId: list[0] ? String(list[0].ID) : '' }));
    } catch {
      // The facilities query shows the error beside the field.
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || mode === 'pending') return;
    if (mode !== 'off') {
      submitSso();
      return;
    }
    setSubmitted(true);
    setServerMessage(null);
    if (!validation.success || !values.username.trim()) {
      setFocusInvalid((count) => count + 1);
      return;
    }
    send(validation.data, () => {
      setValues((current) => ({ ...current, username: '', password: '' }));
      setTouched({});
      setSubmitted(false);
      setServerMessage({ kind: 'invalidCredentials', text: loginMessages.invalidCredentials });
      usernameRef.current?.focus();
    });
  }

  function submitSso() {
    if (mode !== 'token') return goToIdentityProvider();
    const body = ssoLoginBody(values, ssoToken);
    setSubmitted(true);
    if (!body) {
      setServerMessage({ kind: 'other', text: loginMessages.ssoMissing });
      setFocusInvalid((count) => count + 1);
      return;
    }
    setServerMessage(null);
    // The seed: a failed SSO login restarts the SSO flow (the next Login goes to the IdP).
    send(body, () => {
      setSso({ token: null, failed: true });
      toastAuthorizationFailed();
    });
  }

  /** Signs in and moves on; a refusal (401) shakes the form and runs `onRefused`. */
  function send(form: Parameters<typeof login.submit>[0], onRefused: () => void) {
    login.submit(form).then(
      () => void navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true }),
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) {
          onRefused();
          shake.start();
          return;
        }
        setServerMessage({ kind: 'other', text: loginFailureMessage(error) });
      },
    );
  }

  const formMessage =
    serverMessage?.text ??
    ssoModeMessage(mode) ??
    (submitted && !validation.success && mode === 'off' ? loginMessages.usernameAndPasswordRequired : null);
  const withCredentials = mode === 'off';
  // With SSO the facility is chosen once the IdP has named the user (back with a token).
  const choosesFacility = withCredentials || mode === 'token';

  let facilityNotice: string | null = null;
  if (values.connectionStringName && facilities.isError) facilityNotice = loginFailureMessage(facilities.error);
  else if (values.connectionStringName && facilities.isSuccess && facilityList.length === 0) {
    facilityNotice = noFacilitiesMessage(values.connectionStringName, pageData, connectionChanged);
  }

  return (
    <form
      ref={formRef}
      className={shake.shaking ? `${classes.card} login-shake` : classes.card}
      aria-labelledby={titleId}
      noValidate
      // The signed-in app's code loads once the user starts on the form, not with the login page.
      onFocus={warmUpSignIn}
      onSubmit={handleSubmit}
      onAnimationEnd={shake.onAnimationEnd}
    >
      <div className={classes.stripe} aria-hidden="true" />
      <Stack className={classes.body} gap="md">
        <Title order={1} size="h3" id={titleId}>
          {t(loginLabels.title)}
        </Title>

        <PlaceFields
          pageData={pageData}
          connection={values.connectionStringName}
          facilityId={values.facilityId}
          facilities={choosesFacility ? facilityList : []}
          loadingFacilities={choosesFacility && !!values.connectionStringName && facilities.isPending}
          notice={choosesFacility && facilityNotice ? message(facilityNotice) : null}
          errorOf={errorOf}
          onConnection={(name) => void changeConnection(name)}
          onFacility={(facilityId) => {
            setValues((current) => ({ ...current, facilityId }));
            touch('facilityId');
          }}
          onBlur={touch}
        />

        {withCredentials && (
          <TextInput
            ref={usernameRef}
            label={t(loginLabels.username)}
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(event) => {
              const username = event.currentTarget.value;
              setValues((current) => ({ ...current, username }));
            }}
            onBlur={() => touch('username')}
            error={errorOf('username')}
          />
        )}

        {withCredentials && (
          <PasswordField
            value={values.password}
            onChange={(password) => {
              setValues((current) => ({ ...current, password }));
              if (serverMessage?.kind === 'invalidCredentials') setServerMessage(null);
            }}
            onBlur={() => touch('password')}
            error={errorOf('password')}
          />
        )}

        {formMessage && (
          <FormMessage tone={formMessage === loginMessages.loggedOut ? 'warning' : 'error'}>
            {message(formMessage)}
          </FormMessage>
        )}

        <Button type="submit" size="md" fullWidth loading={busy}>
          {t(loginButtons.login)}
        </Button>
        {(mode === 'token' || mode === 'failed' || mode === 'loggedOut') && (
          <Button variant="default" size="md" fullWidth disabled={busy} onClick={goToIdentityProvider}>
            {t(loginButtons.startOver)}
          </Button>
        )}
        <VisuallyHidden role="status">
          {busy ? t(leavingForIdp ? loginLabels.goingToIdentityProvider : loginLabels.signingIn) : ''}
        </VisuallyHidden>
      </Stack>
      <div className={classes.footer}>
        <VersionLabel />
      </div>
    </form>
  );
}
