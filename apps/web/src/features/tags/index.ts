// Tags: the permit page's Tags section and the public status page of a tag's QR code.

export { TagsSection } from './components/TagsSection';
export { TagStatusPage } from './components/TagStatusPage';

// Its offline rules (app/ hands them to the permit page's offline source).
export { tagOfflineApplier } from './offline-apply';
