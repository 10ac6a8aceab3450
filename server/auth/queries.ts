import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens, sessions, users } from '../db/schema';
import { hashToken, newOpaqueToken } from '../lib/tokens';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user;
}

/** Adds the user; undefined when the email is taken (any case), without an error: the unique index decides, also between two at once. */
export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email });
  return user;
}

const sessionExpiry = (now: Date, ttlDays: number) => new Date(now.getTime() + ttlDays * 86_400_000);

/** Starts a session and returns its first refresh token (only its hash is stored). */
export async function createSession(db: Db, userId: number, ttlDays: number, now: Date) {
  const refreshToken = newOpaqueToken();
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId, expiresAt: sessionExpiry(now, ttlDays) })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId: session!.id });
    return session!.id;
  });
  return { sessionId, refreshToken };
}

/**
 * How long a just-used refresh token still yields a session: two tabs that refresh with the same
 * cookie at once both stay signed in. Only presenting it later counts as reuse (a copied token).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type RotationResult =
  | { outcome: 'rotated'; userId: number; sessionId: string; refreshToken: string }
  | { outcome: 'reused' | 'invalid' };

/**
 * Exchanges a refresh token for a new one. A token used again within REFRESH_REUSE_GRACE_MS of its
 * first use (a second tab) gets a new one too; used again later, it means it was copied: the whole
 * session is revoked so neither the thief nor the owner can go on with it.
 */
export async function rotateRefreshToken(db: Db, presented: string, ttlDays: number, now: Date): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return { outcome: 'invalid' };
    const inGrace = row.usedAt !== null && now.getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (row.usedAt && !inGrace) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId));
      return { outcome: 'reused' };
    }
    const refreshToken = newOpaqueToken();
    // The first use is kept: the grace window does not move with each tab.
    if (!inGrace) {
      await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, hashToken(presented)));
    }
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId: row.sessionId });
    await tx.update(sessions).set({ expiresAt: sessionExpiry(now, ttlDays) }).where(eq(sessions.id, row.sessionId));
    return { outcome: 'rotated', userId: row.userId, sessionId: row.sessionId, refreshToken };
  });
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function sessionIdOfRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.sessionId;
}
