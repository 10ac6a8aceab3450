import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { contactExportPath, type ContactExportFormat } from '#domain/contacts';
import { http, toHttpError } from '../../providers/http';

/** The file name the server gave in Content-Disposition, or a plain one. */
function fileNameOf(disposition: string | undefined, format: ContactExportFormat) {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `contacts.${format}`;
}

/** Hands a downloaded file to the browser as if it had been a link. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Export: the given contacts (a selection or what a search shows), or with null the whole
 * business. A file, not data for Refine's cache, so it goes through the HTTP client directly.
 */
export function useExportContacts(businessId: number) {
  const { open } = useNotification();
  const [exporting, setExporting] = useState(false);

  async function exportContacts(format: ContactExportFormat, contactIds: number[] | null) {
    setExporting(true);
    try {
      const response = contactIds
        ? await http.post<Blob>(contactExportPath(businessId), { format, contactIds }, { responseType: 'blob' })
        : await http.get<Blob>(contactExportPath(businessId), { params: { format }, responseType: 'blob' });
      saveFile(response.data, fileNameOf(response.headers['content-disposition'] as string | undefined, format));
    } catch (error) {
      open?.({ type: 'error', key: 'export', message: 'Export failed', description: toHttpError(error).message });
    } finally {
      setExporting(false);
    }
  }

  return { exportContacts, exporting };
}
