import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportContactsResult } from '#domain/contacts';
import { toasts } from '#domain/messages';
import { toHttpError } from '../../providers/http';
import { useResourceAction } from '../../resources/useResourceAction';

type ImportProgress = { phase: 'reading' | 'uploading' | 'processing'; percent: number; fileName: string };
export type ImportOutcome = ImportContactsResult & { fileName: string };

/** The file's content as base64 without the data-URL prefix, as the API expects. */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Import: read, upload (with progress), let the server process, then either the spec's toast
 * (every row in) or the result with the rejected rows. The list reloads whenever anything was written.
 */
export function useImportContacts(businessId: number) {
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutateAsync: upload } = useResourceAction('contacts', 'import');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportOutcome | null>(null);

  async function importFile(file: File) {
    const fail = (description: string) => open?.({ type: 'error', key: 'import', message: 'Import failed', description });
    if (file.size > IMPORT_MAX_BYTES) return fail(`${file.name} is larger than 20 MB. Split it into smaller files.`);
    try {
      setProgress({ phase: 'reading', percent: 0, fileName: file.name });
      const content = await readAsBase64(file);
      setProgress({ phase: 'uploading', percent: 0, fileName: file.name });
      const { data: outcome } = await upload({
        values: { businessId, file: content },
        onUploadProgress: ({ loaded, total }) => {
          const percent = total ? Math.round((loaded / total) * 100) : 0;
          setProgress({ phase: percent >= 100 ? 'processing' : 'uploading', percent, fileName: file.name });
        },
        // Both outcomes are told below: the toast, or the rejected rows.
        successNotification: false,
        errorNotification: false,
      });
      if (outcome.created + outcome.updated > 0) await invalidate({ resource: 'contacts', invalidates: ['list'] });
      if (outcome.rejectedCount === 0) open?.({ type: 'success', key: 'import', ...toasts.importSuccess });
      else setResult({ ...outcome, fileName: file.name });
    } catch (error) {
      fail(`${toHttpError(error).message} Nothing was imported.`);
    } finally {
      setProgress(null);
    }
  }

  return { importFile, progress, result, closeResult: () => setResult(null) };
}
