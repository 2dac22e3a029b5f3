import { useQuery } from '@tanstack/react-query';
import { tagReportLinksSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { tagReportLinkKeys } from './keys';

/** Every tag type and permit type of the facility with its print layout and report. */
export function useTagReportLinks() {
  return useQuery({
    queryKey: tagReportLinkKeys.all,
    queryFn: ({ signal }) => apiRequest('tag-report-links', { schema: tagReportLinksSchema, signal }),
  });
}
