import type { ReactNode } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { loginMessages, PRODUCT_NAME, type LoginPageData } from '@hasp/contracts';
import { BrandMark } from '../../../components/BrandMark';
import { FormMessage } from '../../../components/FormMessage';
import { VersionLabel } from '../../../components/VersionLabel';
import { readLastLogin } from '../../../lib/storage';
import { useFacilities } from '../api/get-facilities';
import { useLoginPageData } from '../api/get-login-page-data';
import { LoginForm } from './LoginForm';
import { initialConnectionName, loginFailureMessage } from './login-form-state';
import classes from './LoginPage.module.css';

/** The /login screen: brand, then the form once the connections and facilities are known. */
export function LoginPage() {
  const pageData = useLoginPageData();

  let content: ReactNode;
  if (pageData.isPending) content = <StatusCard>Loading sign-in options…</StatusCard>;
  else if (pageData.isError) {
    content = <ProblemCard message={loginFailureMessage(pageData.error)} onRetry={() => void pageData.refetch()} />;
  } else if (pageData.data.connectionStringNames.length === 0) {
    content = <ProblemCard message={loginMessages.noConnectionNames} onRetry={() => void pageData.refetch()} />;
  } else content = <LoginFormLoader pageData={pageData.data} />;

  return (
    <main className={classes.screen}>
      <title>{`Sign in · ${PRODUCT_NAME}`}</title>
      <div className={classes.panel}>
        <header className={classes.brand}>
          <BrandMark tone="onDark" size="lg" />
          <Text className={classes.tagline}>Lockout/tagout permits and facility safety</Text>
        </header>
        {content}
      </div>
    </main>
  );
}

/** Loads the facilities of the preselected connection, then shows the form with them chosen. */
function LoginFormLoader({ pageData }: { pageData: LoginPageData }) {
  const lastLogin = readLastLogin();
  const connection = initialConnectionName(pageData, lastLogin.connectionStringName);
  const isDefault = connection === pageData.defaultConnectionStringName;
  const facilities = useFacilities(connection, isDefault ? pageData.facilities : undefined);

  if (facilities.isPending) return <StatusCard>Loading facilities…</StatusCard>;
  if (facilities.isError) {
    return <ProblemCard message={loginFailureMessage(facilities.error)} onRetry={() => void facilities.refetch()} />;
  }
  return (
    <LoginForm
      pageData={pageData}
      initialConnection={connection}
      initialFacilities={facilities.data}
      lastFacilityId={lastLogin.facilityId}
    />
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <section className={classes.card} aria-labelledby="login-status-title">
      <div className={classes.stripe} aria-hidden="true" />
      <Stack className={classes.body} gap="md">
        <Title order={1} size="h3" id="login-status-title">
          Sign in
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
  return (
    <Card>
      <FormMessage tone="error">{message}</FormMessage>
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
