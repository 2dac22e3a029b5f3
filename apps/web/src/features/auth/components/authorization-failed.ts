import { loginMessageCaptions } from '@hasp/contracts';
import { translate } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';

/** The seed's toast when a single sign-on fails; the form says what to do next. */
export function toastAuthorizationFailed(): void {
  showToast({ title: translate(loginMessageCaptions.authorizationFailed), message: '', tone: 'error' });
}
