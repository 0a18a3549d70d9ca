/** @module attachments/keys — query keys for a task's attachments and their URLs. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (taskId: string) => [...attachmentKeys.all, taskId] as const,
  url: (attachmentId: string) => [...attachmentKeys.all, 'url', attachmentId] as const,
};
