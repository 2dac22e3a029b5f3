import { Navigate, useParams } from 'react-router';

/**
 * `/offline/sync-issues/:issueId`, where a notification about an offline change in conflict or
 * refused links (modules/sync `syncIssueLink`; notifications already sent keep that link): the
 * offline dashboard's "Changes that need attention", at that change (decision 0062).
 */
export function SyncIssueRedirect() {
  const { issueId = '' } = useParams();
  const id = /^\d+$/.test(issueId) ? issueId : '';
  return <Navigate to={id ? `/offline/dashboard?issue=${id}` : '/offline/dashboard'} replace />;
}
