import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportContactsResult } from '#domain/contacts';
import type { DateOrder, ImportMapping, ImportMappingQuestion, TwoDigitYears } from '#domain/contact-import-columns';
import { toasts } from '#domain/messages';
import { toHttpError } from '../../providers/http';
import { useResourceAction } from '../../resources/useResourceAction';

type ImportProgress = { phase: 'reading' | 'uploading' | 'processing'; percent: number; fileName: string };
export type ImportOutcome = ImportContactsResult & { fileName: string };
/** A file whose columns the server could not all tell: the mapping step asks the owner. */
export type PendingMapping = { fileName: string; content: string; message: string; question: ImportMappingQuestion };
type Choice = { mapping?: ImportMapping; dateOrder?: DateOrder; twoDigitYears?: TwoDigitYears };
/** The mapping step's answer. */
export type MappingChoice = { mapping: ImportMapping; dateOrder: DateOrder; twoDigitYears?: TwoDigitYears };

/** The file's content as base64 without the data-URL prefix, as the API expects. */
function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

const mappingQuestion = (details: unknown): ImportMappingQuestion | null =>
  details && typeof details === 'object' && Array.isArray((details as ImportMappingQuestion).columns) ? (details as ImportMappingQuestion) : null;

/**
 * Import: read, upload (with progress), let the server process, then either the spec's toast
 * (every row in, whole) or the result with the rejected rows and those imported with values left out. A file with columns the server cannot tell
 * goes through the mapping step and is sent again with the owner's choice. The list reloads
 * whenever anything was written.
 */
export function useImportContacts(businessId: number) {
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutateAsync: upload } = useResourceAction('contacts', 'import');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportOutcome | null>(null);
  const [pending, setPending] = useState<PendingMapping | null>(null);

  const fail = (description: string) => open?.({ type: 'error', key: 'import', message: 'Import failed', description });

  async function send(fileName: string, content: string, choice: Choice) {
    try {
      setProgress({ phase: 'uploading', percent: 0, fileName });
      const { data: outcome } = await upload({
        values: { businessId, file: content, ...choice },
        onUploadProgress: ({ loaded, total }) => {
          const percent = total ? Math.round((loaded / total) * 100) : 0;
          setProgress({ phase: percent >= 100 ? 'processing' : 'uploading', percent, fileName });
        },
        // Both outcomes are told below: the toast, or the rejected rows.
        successNotification: false,
        errorNotification: false,
      });
      if (outcome.created + outcome.updated > 0) await invalidate({ resource: 'contacts', invalidates: ['list'] });
      if (outcome.rejectedCount === 0 && outcome.warnedCount === 0) open?.({ type: 'success', key: 'import', ...toasts.importSuccess });
      else setResult({ ...outcome, fileName });
    } catch (error) {
      const problem = toHttpError(error);
      const question = problem.statusCode === 400 ? mappingQuestion(problem.details) : null;
      if (question) setPending({ fileName, content, message: problem.message, question });
      else fail(`${problem.message} Nothing was imported.`);
    } finally {
      setProgress(null);
    }
  }

  async function importFile(file: File) {
    if (file.size > IMPORT_MAX_BYTES) return fail(`${file.name} is larger than 20 MB. Split it into smaller files.`);
    setProgress({ phase: 'reading', percent: 0, fileName: file.name });
    let content: string;
    try {
      content = await readAsBase64(file);
    } catch (error) {
      setProgress(null);
      return fail(`${toHttpError(error).message} Nothing was imported.`);
    }
    await send(file.name, content, {});
  }

  /** The mapping step's answer: the same file, with the owner's columns and date order. */
  async function confirmMapping(choice: MappingChoice) {
    if (!pending) return;
    setPending(null);
    await send(pending.fileName, pending.content, choice);
  }

  return { importFile, progress, result, closeResult: () => setResult(null), pending, confirmMapping, cancelMapping: () => setPending(null) };
}
