import { Button } from '@mantine/core';
import { permitPdfButtons, type Permit } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { useDownloadPermitPdf } from '../api/download-permit-pdf';
import classes from '../Permits.module.css';

/**
 * "Download PDF": the job-site copy HSG250 asks for, made by the server from the permit as it is
 * now (so only online, and only for a permit the server has). A failure is toasted by lib/http.
 */
export function PermitPdfButton({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const download = useDownloadPermitPdf();
  return (
    <Button
      variant="default"
      size="md"
      className={classes.touch}
      leftSection={<Icon name="printer" />}
      loading={download.isPending}
      disabled={!networkOnline || permit.ID < 0}
      onClick={() => download.mutate(permit)}
    >
      {t(permitPdfButtons.download)}
    </Button>
  );
}
