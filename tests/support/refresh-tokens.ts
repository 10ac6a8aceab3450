import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFRESH_REUSE_GRACE_MS } from '../../server/auth/queries';
import { refreshTokens } from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';

/** Moves a used refresh token's first use back past the grace window, as if it were used a while ago. */
export async function ageRefreshTokenUse(app: FastifyInstance, token: string) {
  await app.db
    .update(refreshTokens)
    .set({ usedAt: sql`${refreshTokens.usedAt} - ${REFRESH_REUSE_GRACE_MS + 1000} * interval '1 millisecond'` })
    .where(sql`${refreshTokens.tokenHash} = ${hashToken(token)}`);
}
