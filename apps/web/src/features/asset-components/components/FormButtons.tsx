import { componentManageButtons } from '@hasp/contracts';
import { FormButtons as SharedFormButtons } from '../../../components/FormButtons';
import { useCaptions } from '../../../lib/i18n';

/** Cancel and Save at the foot of a Component Manage drawer form. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const t = useCaptions();
  return (
    <SharedFormButtons
      cancelLabel={t(componentManageButtons.cancel)}
      saveLabel={t(componentManageButtons.save)}
      saving={saving}
      onCancel={onCancel}
    />
  );
}
