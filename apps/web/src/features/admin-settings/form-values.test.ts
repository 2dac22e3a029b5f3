import { describe, expect, it } from 'vitest';
import { formProblems, toFormValues, toSettings } from './form-values';

const settings = {
  generalSettings: { loginTimeout: 30, infoUrl: '' },
  moduleSettings: { OfflineMode: true, CustomDashboards: false, Notifications: true },
  offlinePermitTypes: ['LOTO'],
  prefixes: { LOTO: 'LOTO-' },
};

describe('the Settings Manager form', () => {
  it('round-trips the settings', () => {
    expect(toSettings(toFormValues(settings))).toEqual(settings);
  });

  it('names each field at fault in the server’s words', () => {
    const values = { ...toFormValues(settings), loginTimeout: '1.5', infoUrl: 'ftp://x', prefixes: { LOTO: '' } };
    expect(formProblems(values, ['LOTO'])).toEqual({
      'generalSettings.loginTimeout': 'Login timeout: enter whole minutes from 1 to 1440.',
      'generalSettings.infoUrl': 'Info URL: enter an address starting with http:// or https://, or leave it empty.',
      'prefixes.LOTO': 'Prefix for LOTO: use 1 to 10 letters, digits or hyphens.',
    });
    expect(formProblems({ ...values, loginTimeout: '0' }, ['LOTO'])['generalSettings.loginTimeout']).toBeDefined();
    expect(formProblems(toFormValues(settings), ['LOTO'])).toEqual({});
  });
});
