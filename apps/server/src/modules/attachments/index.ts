// The attachments module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { attachmentRoutes } from './attachments.routes';
export { prepareAttachment, type PreparedAttachment } from './attachment-content';
export { attachmentStorages, databaseStorage, folderStorage, type AttachmentStorage } from './attachment-storage';
export { readAttachmentsSection, readAttachmentsSectionsForPermits } from './attachments-section';
export { contentDisposition } from './attachments.routes';
