import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagReportLinksSchema, type TagReportLinksInput } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { tagReportLinkKeys } from './keys';

/** Saves the links; a refusal (400, 403) comes back for the screen to explain, without the toast. */
function saveTagReportLinks(input: TagReportLinksInput) {
  return apiRequest('tag-report-links', {
    method: 'PUT',
    body: input,
    schema: tagReportLinksSchema,
    quiet: statusIn(400, 403),
  });
}

/** Saves the changed links; the answer replaces the cached list. */
export function useSaveTagReportLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTagReportLinks,
    onSuccess: (links) => queryClient.setQueryData(tagReportLinkKeys.all, links),
  });
}
