// Attachments on permits: photos and documents, stored, listed and downloaded.

export { attachmentRoutes, contentDisposition } from './attachments.routes';
export { prepareAttachment, type PreparedAttachment } from './attachment-content';
export { attachmentStorages, databaseStorage, folderStorage, type AttachmentStorage } from './attachment-storage';
export { readAttachmentsSection, readAttachmentsSectionsForPermits } from './attachments-section';
