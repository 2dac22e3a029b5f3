// Attachments: the permit page's Attachments tab, photos from the camera and documents.

export { AttachmentsSection } from './components/AttachmentsSection';
