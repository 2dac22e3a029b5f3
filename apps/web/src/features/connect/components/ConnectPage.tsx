import type { ReactNode } from 'react';
import { Title } from '@mantine/core';
import { connectLabels as L, shellRightNavEntries } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { KeysSection } from './KeysSection';
import { DeliveryLog, SubscriptionsSection } from './WebhooksSection';
import classes from '../../../components/RecordCards.module.css';

/** A titled part of the page (its heading names the region for assistive technology). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={classes.root} aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** `/admin/connect` (right nav: Hasp Connect): API keys, webhook subscriptions and the delivery log. */
export function ConnectPage() {
  const t = useCaptions();
  const title = t(shellRightNavEntries.connect);
  return (
    <RightNavGate id="connect" title={title}>
      <Page title={title} lead={t(L.lead)}>
        <div className={classes.root}>
          <Section id="connect-keys" title={t(L.keys)}>
            <KeysSection />
          </Section>
          <Section id="connect-subscriptions" title={t(L.subscriptions)}>
            <SubscriptionsSection />
          </Section>
          <Section id="connect-deliveries" title={t(L.deliveries)}>
            <DeliveryLog />
          </Section>
        </div>
      </Page>
    </RightNavGate>
  );
}
