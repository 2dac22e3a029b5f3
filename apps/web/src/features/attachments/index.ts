/** Attachments (issue 17 item 5): the permit page's Attachments tab, photos from the camera and documents. */
export { AttachmentsSection } from './components/AttachmentsSection';
