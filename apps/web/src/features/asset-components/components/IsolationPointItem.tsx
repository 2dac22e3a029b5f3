import { useState } from 'react';
import { Badge, Button, FileButton, Text } from '@mantine/core';
import {
  ASSET_PHOTO_MAX_BYTES,
  assetPhotoTypes,
  componentManageButtons,
  componentManageLabels,
  componentManageMessages,
  masterItemCaption,
  type IsolationPoint,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useIsolationHolds } from '../api/get-isolation-holds';
import { usePhotoUrl, useUploadPointPhoto } from '../api/point-photo';
import classes from '../ComponentManage.module.css';

interface IsolationPointItemProps {
  assetId: number;
  point: IsolationPoint;
  onEdit: () => void;
}

/** One isolation point: how it is isolated and verified, its photo, and its edit and photo buttons. */
export function IsolationPointItem({ assetId, point, onEdit }: IsolationPointItemProps) {
  const t = useCaptions();
  const l = componentManageLabels;
  const b = componentManageButtons;
  const upload = useUploadPointPhoto();
  const heldBy = useIsolationHolds(assetId).data?.get(point.ID);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const choose = (file: File | null) => {
    setPhotoError(null);
    if (!file) return;
    if (!(assetPhotoTypes as readonly string[]).includes(file.type)) {
      setPhotoError(t(componentManageMessages.photoWrongType));
      return;
    }
    if (file.size > ASSET_PHOTO_MAX_BYTES) {
      setPhotoError(t(componentManageMessages.photoTooLarge));
      return;
    }
    upload.mutate(
      { assetId, isolationPointId: point.ID, file },
      {
        onError: (error) =>
          setPhotoError(error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error)),
      },
    );
  };

  const positions =
    point.normalPosition || point.isolatedPosition
      ? t(l.positions, { normal: point.normalPosition || '—', isolated: point.isolatedPosition || '—' })
      : '';
  return (
    <li className={`${classes.row} ${classes.pointRow}`} data-point-code={point.code}>
      <PointPhoto point={point} />
      <div className={classes.pointBody}>
        <div className={classes.rowMain}>
          <Icon name="lock" size={18} />
          <strong>{point.code}</strong>
          <span>{t(masterItemCaption('device-types', point.deviceType))}</span>
          {point.lockable ? (
            <Badge variant="light">{t(l.lockable)}</Badge>
          ) : (
            <Badge color="red.9" variant="filled">
              {t(l.tagOnly)}
            </Badge>
          )}
          {!point.isActive && (
            <Badge color="gray" variant="light" c="gray.8">
              {t(l.retired)}
            </Badge>
          )}
        </div>
        {heldBy && (
          <Text className={classes.heldBy} data-held-by>
            {t(l.heldBy, { numbers: heldBy.map((p) => p.number).join(', ') })}
          </Text>
        )}
        <dl className={classes.facts}>
          {point.location && <Fact label={t(l.location)} value={point.location} />}
          {positions && <Fact label={`${t(l.normalPosition)} → ${t(l.isolatedPosition)}`} value={positions} />}
          {!point.lockable && <Fact label={t(l.tagOnlyMeasure)} value={point.tagOnlyMeasure} />}
          {point.verificationMethod && <Fact label={t(l.verificationMethod)} value={point.verificationMethod} />}
        </dl>
        {photoError && (
          <Text size="sm" c="red.8" role="alert">
            {photoError}
          </Text>
        )}
        <div className={classes.pointActions}>
          <Button
            size="xs"
            variant="subtle"
            aria-label={t(b['editIsolationPoint::named'], { code: point.code })}
            onClick={onEdit}
          >
            {t(b.editIsolationPoint)}
          </Button>
          <FileButton onChange={choose} accept={assetPhotoTypes.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="subtle"
                loading={upload.isPending}
                aria-label={t(b[point.photo ? 'replacePhoto::named' : 'uploadPhoto::named'], { code: point.code })}
              >
                {t(point.photo ? b.replacePhoto : b.uploadPhoto)}
              </Button>
            )}
          </FileButton>
        </div>
      </div>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The point's photo, fetched with the session's token (an <img> alone could not send it). */
function PointPhoto({ point }: { point: IsolationPoint }) {
  const t = useCaptions();
  const { url, failed } = usePhotoUrl(point.photo?.ID ?? null);
  if (!point.photo) {
    return (
      <div className={classes.photo} aria-hidden="true">
        <Icon name="file" size={24} />
      </div>
    );
  }
  if (failed) {
    return (
      <div className={classes.photo}>
        <Text size="xs">{t(componentManageMessages.photoFailed)}</Text>
      </div>
    );
  }
  return (
    <div className={classes.photo}>
      {url && <img src={url} alt={t(componentManageLabels.photoOf, { code: point.code })} />}
    </div>
  );
}
