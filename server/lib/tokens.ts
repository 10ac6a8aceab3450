import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token for cookies and links. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as hashes, so a leaked table does not leak live sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
