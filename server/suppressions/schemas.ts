import * as z from 'zod/mini';
import { suppressionSchema } from '#domain';

/** An address of the suppression list (the schema is the domain's), named in the OpenAPI document. */
export const suppressionAnswer = suppressionSchema.register(z.globalRegistry, { id: 'Suppression' });
