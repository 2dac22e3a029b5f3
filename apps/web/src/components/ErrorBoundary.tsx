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
        <Center mih="100dvh" p="md">
          <Paper withBorder shadow="sm" p="xl" maw={420} w="100%" role="status">
            <Stack gap="sm">
              <Title order={1} size="h3">
                {translate(shellPlatform.waitingTitle)}
              </Title>
              <Text>{translate(shellPlatform.waitingText)}</Text>
              {navigator.onLine && <Button onClick={this.retry}>{translate(shellPlatform.tryAgain)}</Button>}
            </Stack>
          </Paper>
        </Center>
      );
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
