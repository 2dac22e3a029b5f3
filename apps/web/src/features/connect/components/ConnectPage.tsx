import { Title } from '@mantine/core';
import { connectLabels as L, shellRightNavEntries } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { KeysSection } from './KeysSection';
import { DeliveryLog, SubscriptionsSection } from './WebhooksSection';
import classes from '../Connect.module.css';

/** `/admin/connect` (right nav: Hasp Connect): API keys, webhook subscriptions and the delivery log. */
export function ConnectPage() {
  const t = useCaptions();
  const title = t(shellRightNavEntries.connect);
  return (
    <RightNavGate id="connect" title={title}>
      <Page title={title} lead={t(L.lead)}>
        <div className={classes.root}>
          <section className={classes.section} aria-labelledby="connect-keys">
            <Title order={2} size="h3" id="connect-keys">
              {t(L.keys)}
            </Title>
            <KeysSection />
          </section>
          <section className={classes.section} aria-labelledby="connect-subscriptions">
            <Title order={2} size="h3" id="connect-subscriptions">
              {t(L.subscriptions)}
            </Title>
            <SubscriptionsSection />
          </section>
          <section className={classes.section} aria-labelledby="connect-deliveries">
            <Title order={2} size="h3" id="connect-deliveries">
              {t(L.deliveries)}
            </Title>
            <DeliveryLog />
          </section>
        </div>
      </Page>
    </RightNavGate>
  );
}
