import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens, sessions, users } from '../db/schema';
import { hashToken, newOpaqueToken } from '../lib/tokens';

/** A new reset link's token (256 random bits); only its hash is stored. */
export async function createResetToken(db: Db, userId: number, ttlMinutes: number, now: Date): Promise<string> {
  const token = newOpaqueToken();
  // The account's spent links go: the table holds only links that may still work.
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, now))));
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
  });
  return token;
}

/**
 * Sets the password of the token's account, if the token is known, unused and not expired: the
 * token and every other open link of the account are used up, and every session is revoked (all
 * devices signed out). One transaction, and the token is taken with a conditional update, so two
 * requests with one token cannot both succeed. False for a bad token: nothing changed.
 */
export async function resetPassword(db: Db, token: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!taken) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, taken.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, taken.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, taken.userId), isNull(sessions.revokedAt)));
    return true;
  });
}
