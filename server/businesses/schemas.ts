import * as z from 'zod/mini';
import { businessAnswerSchema, reviewSiteAnswerSchema } from '#domain';

/** The answers' schemas are the domain's: here they are named in the OpenAPI document. */
export const reviewSiteAnswer = reviewSiteAnswerSchema.register(z.globalRegistry, { id: 'ReviewSite' });

/** A business as the API answers it. */
export const businessAnswer = businessAnswerSchema.register(z.globalRegistry, { id: 'Business' });
