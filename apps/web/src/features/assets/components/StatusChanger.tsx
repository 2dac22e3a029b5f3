import { Alert, Select, Stack } from '@mantine/core';
import {
  assetManageLabels,
  assetManageMessages,
  assetStatuses,
  assetStatusLabels,
  type Asset,
  type AssetStatus,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSaveAsset } from '../api/save-asset';
import { isStaleConflict, reasonOf } from '../api/send-asset-change';

interface StatusChangerProps {
  asset: Asset;
  onChanged: (asset: Asset) => void;
  onConflict: () => void;
}

/** Changes an asset's status straight away (the rest of the asset as the user sees it, with its version). */
export function StatusChanger({ asset, onChanged, onConflict }: StatusChangerProps) {
  const t = useCaptions();
  const save = useSaveAsset();
  const change = (status: AssetStatus) => {
    if (status === asset.status) return;
    const { number, description, manufacturer, location, lotoRequired, version } = asset;
    save.mutate(
      { id: asset.ID, input: { number, description, manufacturer, location, lotoRequired, status, version } },
      {
        onSuccess: (saved) => {
          showToast({
            title: saved.number,
            message: t(assetManageMessages.statusChanged, { status: t(assetStatusLabels[saved.status]) }),
            tone: 'success',
          });
          onChanged(saved);
        },
        onError: (error) => {
          if (isStaleConflict(error)) onConflict();
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Select
        label={t(assetManageLabels.status)}
        data={assetStatuses.map((status) => ({ value: status, label: t(assetStatusLabels[status]) }))}
        value={asset.status}
        onChange={(value) => value && change(value)}
        allowDeselect={false}
        disabled={save.isPending}
        maw={16 * 16}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {isStaleConflict(save.error)
            ? t(assetManageMessages.conflict, { reason: reasonOf(save.error) })
            : t(assetManageMessages.saveFailed, { reason: reasonOf(save.error) })}
        </Alert>
      )}
    </Stack>
  );
}
