import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { shellPages, shellPlatform } from '@hasp/contracts';
import { translate } from '../lib/i18n';

interface State {
  error: unknown;
}

/** Last-resort screen for errors no page handled (a failed code download after a deploy, a bug). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" p="xl" maw={420} w="100%" role="alert">
          <Stack gap="sm">
            <Title order={1} size="h3">
              {translate(shellPlatform.crashTitle)}
            </Title>
            <Text>{translate(shellPlatform.crashText)}</Text>
            <Button onClick={() => window.location.reload()}>{translate(shellPages.reload)}</Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
}
