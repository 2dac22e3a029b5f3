import { useEffect, useState, type ReactNode } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { loginButtons, loginLabels, loginMessages, PRODUCT_NAME, type LoginPageData } from '@hasp/contracts';
import { BrandMark } from '../../../components/BrandMark';
import { FormMessage } from '../../../components/FormMessage';
import { VersionLabel } from '../../../components/VersionLabel';
import { useCaptions, useCaptionSource } from '../../../lib/i18n';
import { readLastLogin, readWaitingChanges } from '../../../lib/storage';
import { useFacilities } from '../api/get-facilities';
import { useLoginPageData } from '../api/get-login-page-data';
import { LoginForm } from './LoginForm';
import { toastAuthorizationFailed } from './authorization-failed';
import { useLoginMessage } from './use-login-message';
import { initialConnectionName, loginFailureMessage } from './login-form-state';
import { readSsoReturn, searchWithoutSsoReturn, type SsoReturn } from './sso-login-state';
import classes from './LoginPage.module.css';

/** The /login screen: brand, then the form once the connections and facilities are known. */
export function LoginPage() {
  const pageData = useLoginPageData();
  const t = useCaptions();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address is cleaned at once so the one-time token stays out of the history.
  const [ssoReturn] = useState(() => readSsoReturn(location.search));
  const preferredConnection = ssoReturn.connectionStringName ?? readLastLogin().connectionStringName;
  useEffect(() => {
    if (ssoReturn.failed) toastAuthorizationFailed();
    const search = searchWithoutSsoReturn(location.search);
    if (search !== location.search) void navigate({ search }, { replace: true });
  }, [ssoReturn]); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit, not per address change
  // The login screen speaks the language last used on this device, with the captions of the
  // connection it will sign in to.
  useCaptionSource(pageData.data ? initialConnectionName(pageData.data, preferredConnection) || null : null);

  let content: ReactNode;
  if (pageData.isPending) content = <StatusCard>{t(loginLabels.loadingOptions)}</StatusCard>;
  else if (pageData.isError) {
    content = <ProblemCard message={loginFailureMessage(pageData.error)} onRetry={() => void pageData.refetch()} />;
  } else if (pageData.data.connectionStringNames.length === 0) {
    content = <ProblemCard message={loginMessages.noConnectionNames} onRetry={() => void pageData.refetch()} />;
  } else content = <LoginFormLoader pageData={pageData.data} ssoReturn={ssoReturn} />;

  return (
    <main className={classes.screen}>
      <title>{t(loginLabels.documentTitle, { product: PRODUCT_NAME })}</title>
      <div className={classes.panel}>
        <header className={classes.brand}>
          <BrandMark tone="onDark" size="lg" />
          <Text className={classes.tagline}>{t(loginLabels.tagline)}</Text>
        </header>
        <WaitingChangesNotice />
        {content}
      </div>
    </main>
  );
}

/**
 * Loads the facilities of the preselected connection (back from the IdP: the one it named, and the
 * facilities that SSO user may use), then shows the form with them chosen.
 */
function LoginFormLoader({ pageData, ssoReturn }: { pageData: LoginPageData; ssoReturn: SsoReturn }) {
  const t = useCaptions();
  const lastLogin = readLastLogin();
  const connection = initialConnectionName(pageData, ssoReturn.connectionStringName ?? lastLogin.connectionStringName);
  const isDefault = connection === pageData.defaultConnectionStringName;
  // An answer for a connection that does not exist (any more) is ignored.
  const sso = (ssoReturn.connectionStringName ?? connection) === connection ? ssoReturn : undefined;
  const facilities = useFacilities(connection, isDefault ? pageData.facilities : undefined, sso?.token);

  if (facilities.isPending) return <StatusCard>{t(loginLabels.loadingFacilities)}</StatusCard>;
  // A refused SSO token is the form's business (it offers Start Over).
  if (facilities.isError && !sso?.token) {
    return <ProblemCard message={loginFailureMessage(facilities.error)} onRetry={() => void facilities.refetch()} />;
  }
  return (
    <LoginForm
      pageData={pageData}
      initialConnection={connection}
      initialFacilities={facilities.data ?? []}
      lastFacilityId={lastLogin.facilityId}
      ssoReturn={sso}
    />
  );
}

function Card({ children }: { children: ReactNode }) {
  const t = useCaptions();
  return (
    <section className={classes.card} aria-labelledby="login-status-title">
      <div className={classes.stripe} aria-hidden="true" />
      <Stack className={classes.body} gap="md">
        <Title order={1} size="h3" id="login-status-title">
          {t(loginLabels.title)}
        </Title>
        {children}
      </Stack>
      <div className={classes.footer}>
        <VersionLabel />
      </div>
    </section>
  );
}

function StatusCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <Text role="status" className={classes.pending}>
        <Loader size="sm" color="steel" />
        {children}
      </Text>
    </Card>
  );
}

function ProblemCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useCaptions();
  const translateMessage = useLoginMessage();
  return (
    <Card>
      <FormMessage tone="error">{translateMessage(message)}</FormMessage>
      <Button variant="default" onClick={onRetry}>
        {t(loginButtons.tryAgain)}
      </Button>
    </Card>
  );
}

/**
 * Changes kept on this device that have not reached the server (the browser was closed, the
 * session ended): said before anyone signs in, naming whose they are, since only that person's
 * sign-in sends them (it does at once).
 */
function WaitingChangesNotice() {
  const t = useCaptions();
  const [waiting] = useState(readWaitingChanges);
  if (waiting.length === 0) return null;
  return (
    <div className={classes.waiting} role="status">
      {waiting.map((w) => (
        <Text key={`${w.connectionStringName}:${w.facilityId}:${w.userId}`} size="sm">
          {w.count === 1
            ? t(loginLabels.waitingOne, { name: w.displayName })
            : t(loginLabels.waitingMany, { count: w.count, name: w.displayName })}
        </Text>
      ))}
    </div>
  );
}
