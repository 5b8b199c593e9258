import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A carrier's digest password must reach Kamailio in clear (its uac module answers the carrier's challenge), so it
 * cannot be hashed; it is sealed with AES-256-GCM under a key derived from the app's session secret. A copy of the
 * database alone does not give the password away. A new SESSION_SECRET makes sealed passwords unreadable: they read
 * as unset, and the administrator types them again.
 */
export function createPasswordSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'shiftline', 'trunk digest password', 32));
  return {
    seal(password: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The password, or null when it was sealed under another secret (or is not a sealed value). */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type PasswordSeal = ReturnType<typeof createPasswordSeal>;
