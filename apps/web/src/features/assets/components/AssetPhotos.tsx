import { useState } from 'react';
import { Alert, Button, FileButton, Loader, Text } from '@mantine/core';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  assetPhotoTypes,
  type AssetPhoto,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { photoProblem, useDeleteAssetPhoto, usePhotoUrl, useUploadAssetPhoto } from '../api/asset-photos';
import { reasonOf } from '../api/send-asset-change';
import classes from '../AssetManage.module.css';

interface AssetPhotosProps {
  assetId: number;
  assetNumber: string;
  photos: readonly AssetPhoto[];
}

/** The asset's photos: shown, added (PNG or JPEG, at most 5 MB) and deleted. */
export function AssetPhotos({ assetId, assetNumber, photos }: AssetPhotosProps) {
  const t = useCaptions();
  const upload = useUploadAssetPhoto();
  const remove = useDeleteAssetPhoto();
  const [problem, setProblem] = useState<string | null>(null);

  const add = (file: File | null) => {
    if (!file) return;
    const found = photoProblem(file);
    if (found) {
      setProblem(
        t(found === 'tooLarge' ? assetManageMessages.photoTooLarge : assetManageMessages.photoWrongType, {
          name: file.name,
        }),
      );
      return;
    }
    setProblem(null);
    upload.mutate(
      { assetId, file },
      {
        onSuccess: () => showToast({ title: file.name, message: t(assetManageMessages.photoAdded), tone: 'success' }),
        onError: (error) => setProblem(t(assetManageMessages.photoFailed, { reason: reasonOf(error) })),
      },
    );
  };

  return (
    <section className={classes.panel} aria-labelledby="asset-photos">
      <h2 id="asset-photos" className={classes.sectionTitle}>
        {t(assetManageTitles.photos)}
      </h2>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {photos.length === 0 ? (
        <Text>{t(assetManageLabels.noPhotos)}</Text>
      ) : (
        <ul className={classes.photos}>
          {photos.map((photo) => (
            <li key={photo.ID}>
              <PhotoCard
                photo={photo}
                alt={t(assetManageLabels.photoAlt, { name: photo.fileName, asset: assetNumber })}
                deleting={remove.isPending && remove.variables.photoId === photo.ID}
                onDelete={() =>
                  remove.mutate(
                    { photoId: photo.ID, assetId },
                    {
                      onSuccess: () =>
                        showToast({
                          title: photo.fileName,
                          message: t(assetManageMessages.photoDeleted),
                          tone: 'success',
                        }),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div className={classes.actions}>
        <FileButton onChange={add} accept={assetPhotoTypes.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<Icon name="plus" size={16} />}
              loading={upload.isPending}
            >
              {t(assetManageButtons.addPhoto)}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="gray.7">
          {t(assetManageLabels.photoRules)}
        </Text>
      </div>
    </section>
  );
}

function PhotoCard({
  photo,
  alt,
  deleting,
  onDelete,
}: {
  photo: AssetPhoto;
  alt: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const t = useCaptions();
  const url = usePhotoUrl(photo.ID);
  return (
    <figure className={classes.photo}>
      {url.data ? (
        <img src={url.data} alt={alt} />
      ) : url.isError ? (
        <Text size="sm">{t(assetManageMessages.photoLoadFailed)}</Text>
      ) : (
        <Loader size="sm" aria-label={alt} />
      )}
      <figcaption className={classes.photoName}>{photo.fileName}</figcaption>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<Icon name="trash" size={14} />}
        loading={deleting}
        onClick={onDelete}
        aria-label={t(assetManageButtons.deletePhoto, { name: photo.fileName })}
      >
        {t(assetManageButtons.delete)}
      </Button>
    </figure>
  );
}
