import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Loader, NativeSelect, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { loginMessages, type Facility, type LoginPageData } from '@hasp/contracts';
import { FormMessage } from '../../../components/FormMessage';
import { VersionLabel } from '../../../components/VersionLabel';
import { ApiRequestError } from '../../../lib/http';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../../lib/redirect-target';
import { facilitiesQuery, useFacilities } from '../api/get-facilities';
import { useLogin } from '../api/login';
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
}

/** A server answer shown above the Login button; `invalidCredentials` clears when the password changes. */
interface ServerMessage {
  kind: 'invalidCredentials' | 'other';
  text: string;
}

/**
 * The seed's login form: connection and facility dropdowns (only when there is a choice), username,
 * password, and a Login button with a spinner. A failed sign-in shakes the form.
 */
export function LoginForm({ pageData, initialConnection, initialFacilities, lastFacilityId }: LoginFormProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();

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
  const [shaking, setShaking] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const requestedConnection = useRef(initialConnection);

  const facilities = useFacilities(values.connectionStringName);
  const facilityList = (values.connectionStringName && facilities.data) || [];
  const validation = validateLoginForm(values);
  const busy = login.isPending || login.isSuccess;

  // Focus moves to the first field in error after a refused submit (its aria-invalid is set by then).
  useEffect(() => {
    if (focusInvalid > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  // Without motion (prefers-reduced-motion) no animationend arrives: end the shake on a timer too.
  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), 1000);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  const errorOf = (field: LoginField) => (submitted || touched[field] ? validation.errors[field] : undefined);
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
      const list = await queryClient.fetchQuery({ ...facilitiesQuery(name), staleTime: 0 });
      if (requestedConnection.current !== name) return;
      setValues((current) => ({ ...current, facilityId: list[0] ? String(list[0].ID) : '' }));
    } catch {
      // The facilities query shows the error beside the field.
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerMessage(null);
    if (!validation.success || !values.username.trim()) {
      setFocusInvalid((count) => count + 1);
      return;
    }
    login.mutate(validation.data, {
      onSuccess: () => {
        void navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) {
          setValues((current) => ({ ...current, username: '', password: '' }));
          setTouched({});
          setSubmitted(false);
          setServerMessage({ kind: 'invalidCredentials', text: loginMessages.invalidCredentials });
          setShaking(true);
          usernameRef.current?.focus();
          return;
        }
        setServerMessage({ kind: 'other', text: loginFailureMessage(error) });
      },
    });
  }

  const formMessage =
    serverMessage?.text ?? (submitted && !validation.success ? loginMessages.usernameAndPasswordRequired : null);

  let facilityNotice: string | null = null;
  if (values.connectionStringName && facilities.isError) facilityNotice = loginFailureMessage(facilities.error);
  else if (values.connectionStringName && facilities.isSuccess && facilityList.length === 0) {
    facilityNotice = noFacilitiesMessage(values.connectionStringName, pageData, connectionChanged);
  }

  return (
    <form
      ref={formRef}
      className={shaking ? `${classes.card} login-shake` : classes.card}
      aria-labelledby={titleId}
      noValidate
      onSubmit={handleSubmit}
      onAnimationEnd={(event) => {
        if (event.animationName === 'login-shake') setShaking(false);
      }}
    >
      <div className={classes.stripe} aria-hidden="true" />
      <Stack className={classes.body} gap="md">
        <Title order={1} size="h3" id={titleId}>
          Sign in
        </Title>

        {pageData.connectionStringNames.length > 1 && (
          <NativeSelect
            label="Connection"
            required
            value={values.connectionStringName}
            onChange={(event) => void changeConnection(event.currentTarget.value)}
            onBlur={() => touch('connectionStringName')}
            error={errorOf('connectionStringName')}
            data={[
              { value: '', label: 'Select a connection' },
              ...pageData.connectionStringNames.map((name) => ({ value: name, label: name })),
            ]}
          />
        )}

        {facilityList.length > 1 && (
          <NativeSelect
            label="Facility"
            required
            value={values.facilityId}
            onChange={(event) => {
              const facilityId = event.currentTarget.value;
              setValues((current) => ({ ...current, facilityId }));
              touch('facilityId');
            }}
            onBlur={() => touch('facilityId')}
            error={errorOf('facilityId')}
            data={[
              { value: '', label: 'Select a facility' },
              ...facilityList.map((facility) => ({ value: String(facility.ID), label: facility.name })),
            ]}
          />
        )}

        {values.connectionStringName && facilities.isPending && (
          <Text size="sm" c="dimmed" role="status" className={classes.pending}>
            <Loader size="xs" color="steel" /> Loading facilities…
          </Text>
        )}

        {facilityNotice && <FormMessage tone="warning">{facilityNotice}</FormMessage>}

        <TextInput
          ref={usernameRef}
          label="Username"
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

        <TextInput
          label="Password"
          required
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          autoCapitalize="none"
          spellCheck={false}
          rightSection={
            <button
              type="button"
              className={classes.reveal}
              aria-label="Show password"
              aria-pressed={passwordVisible}
              onClick={() => setPasswordVisible((visible) => !visible)}
            >
              <EyeIcon crossed={passwordVisible} />
            </button>
          }
          rightSectionPointerEvents="all"
          value={values.password}
          onChange={(event) => {
            const password = event.currentTarget.value;
            setValues((current) => ({ ...current, password }));
            if (serverMessage?.kind === 'invalidCredentials') setServerMessage(null);
          }}
          onBlur={() => touch('password')}
          error={errorOf('password')}
        />

        {formMessage && <FormMessage tone="error">{formMessage}</FormMessage>}

        <Button type="submit" size="md" fullWidth loading={busy}>
          Login
        </Button>
        <VisuallyHidden role="status">{busy ? 'Signing in…' : ''}</VisuallyHidden>
      </Stack>
      <div className={classes.footer}>
        <VersionLabel />
      </div>
    </form>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}
