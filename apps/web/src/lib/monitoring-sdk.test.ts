import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { monitoringConfig } from './monitoring-sdk';

describe('monitoringConfig', () => {
  it("carries the seed's monitoring values (section 9)", () => {
    expect(monitoringConfig('InstrumentationKey=abc')).toMatchObject({
      connectionString: 'InstrumentationKey=abc',
      maxBatchSizeInBytes: 102_400,
      maxBatchInterval: 15_000,
      eventsLimitInMem: 10_000,
      enableSessionStorageBuffer: true,
      isRetryDisabled: false,
      maxAjaxCallsPerView: 500,
      sessionRenewalMs: 1_800_000,
      sessionExpirationMs: 86_400_000,
      idLength: 22,
      diagnosticLogInterval: 10_000,
    });
  });

  it("relies on the SDK's fixed values for the rest: buffer 2000, retry 10 s to 3600 s, cookies 60 s and 1 year", () => {
    // These are constants inside the SDK, not settings; the test fails if an SDK update changes them.
    const require = createRequire(import.meta.url);
    const sdk = path.dirname(require.resolve('@microsoft/applicationinsights-web/package.json'));
    const source = (pkg: string, file: string) => readFileSync(path.join(sdk, '..', pkg, 'dist-es5', file), 'utf8');
    expect(source('applicationinsights-channel-js', 'SendBuffer.js')).toMatch(/MAX_BUFFER_SIZE = 2000;/);
    const sender = source('applicationinsights-channel-js', 'Sender.js');
    expect(sender).toMatch(/SlotDelayInSeconds = 10;/);
    expect(sender).toMatch(/mathMin\(backOffDelay, 3600\)/);
    expect(source('applicationinsights-properties-js', 'Context/Session.js')).toMatch(
      /COOKIE_UPDATE_INTERVAL = 60000;/,
    );
    expect(source('applicationinsights-properties-js', 'Context/User.js')).toMatch(/var oneYear = 31536000;/);
  });
});
