type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be blocked by browser privacy settings; the app then keeps defaults.
    return null;
  }
}

/** localStorage / sessionStorage that never throws. */
export const browserStorage = {
  read(kind: StorageKind, key: string): string | null {
    try {
      return storageOf(kind)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  write(kind: StorageKind, key: string, value: string): void {
    try {
      storageOf(kind)?.setItem(key, value);
    } catch {
      // Quota or privacy errors: the value simply is not remembered.
    }
  },
};
