import * as z from 'zod/mini';
import { businessIdRule } from '../../src/domain';

/** POST /contact/import-contacts; the file's content is checked by the importer, with its own messages. */
export const importContactsSchema = z.object({
  businessId: businessIdRule,
  file: z.string({ error: 'Choose a file to import' }),
});
