import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { shellPages, shellPlatform } from '@hasp/contracts';
import { CodeRetryingBoundary, isCodeLoadError } from '../lib/code-loading';
import { translate } from '../lib/i18n';

/** Last-resort screen for errors no page handled (a failed code download after a deploy, a bug). */
export class ErrorBoundary extends CodeRetryingBoundary {
  override render() {
    if (!this.state.error) return this.props.children;
    // The signed-in app's code had not all arrived when the network went (a sign-in in a lift):
    // not a crash, and Reload cannot help with no network. It goes on by itself when the network is back.
    if (isCodeLoadError(this.state.error))
      return (
        <LastResort
          role="status"
          title={translate(shellPlatform.waitingTitle)}
          text={translate(shellPlatform.waitingText)}
        >
          {navigator.onLine && <Button onClick={this.retry}>{translate(shellPlatform.tryAgain)}</Button>}
        </LastResort>
      );
    return (
      <LastResort role="alert" title={translate(shellPlatform.crashTitle)} text={translate(shellPlatform.crashText)}>
        <Button onClick={() => window.location.reload()}>{translate(shellPages.reload)}</Button>
      </LastResort>
    );
  }
}

function LastResort({
  role,
  title,
  text,
  children,
}: {
  role: 'alert' | 'status';
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={420} w="100%" role={role}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text>{text}</Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
