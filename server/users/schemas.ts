import * as z from 'zod/mini';

/** The signed-in user as the API answers it (sign-up, sign-in, authorize, get-current-user). */
export const userAnswer = z
  .object({ id: z.int(), firstName: z.string(), lastName: z.string(), email: z.string() })
  .register(z.globalRegistry, { id: 'User' });
