/**
 * The files picked on this page and not yet attached: each is uploading (with its progress) or
 * failed (with the server's reason, kept until the user retries or dismisses it). A pick keeps its
 * idempotency key across retries, so a retry after a lost answer attaches the file once.
 */
export interface PendingUpload {
  key: string;
  file: File;
  progress: number;
  error: string | null;
}

export type UploadEvent =
  | { type: 'picked'; key: string; file: File }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'done'; key: string }
  | { type: 'dismiss'; key: string };

export function uploadsReducer(uploads: PendingUpload[], event: UploadEvent): PendingUpload[] {
  switch (event.type) {
    case 'picked':
      return [...uploads, { key: event.key, file: event.file, progress: 0, error: null }];
    case 'progress':
      return uploads.map((u) => (u.key === event.key ? { ...u, progress: event.progress } : u));
    case 'failed':
      return uploads.map((u) => (u.key === event.key ? { ...u, error: event.error } : u));
    case 'retry':
      return uploads.map((u) => (u.key === event.key ? { ...u, error: null, progress: 0 } : u));
    case 'done':
    case 'dismiss':
      return uploads.filter((u) => u.key !== event.key);
  }
}

/** "1.5 MB", "820 KB": a size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
