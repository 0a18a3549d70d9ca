-- Attachments refuse file types (decision 122): the bucket accepts only the types of
-- packages/shared's ATTACHMENT_TYPES, so an upload the client's check would refuse is refused by
-- Storage too (415 invalid_mime_type), whoever sends it. Left out on purpose: HTML, SVG and XML
-- (script that runs when opened), executables, scripts and installers.

update storage.buckets
set allowed_mime_types = array[
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif',
  'application/pdf',
  'text/plain', 'text/markdown', 'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'application/zip'
]
where id = 'attachments';
