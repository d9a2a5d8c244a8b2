import { config } from './config';

/** Moodle's 32-bit string hash (h = h*31 + code). */
export function hashString(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

function store(): Storage | null {
  try {
    const s = window.localStorage;
    const probe = '__tessera_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/**
 * The client cache in localStorage, keyed under a hash of wwwroot and the script revision. A new
 * revision clears all of localStorage; revision -1 (caching off) or unusable storage disables it.
 */
export class RevisionedStorage {
  constructor(
    private readonly wwwroot: string,
    private readonly revision: number,
    private readonly storage: Storage | null = store(),
  ) {}

  private usable(): Storage | null {
    if (this.revision === -1 || !this.storage) return null;
    const marker = `${hashString(this.wwwroot + '/')}/jsrev`;
    if (this.storage.getItem(marker) !== String(this.revision)) {
      this.storage.clear();
      try {
        this.storage.setItem(marker, String(this.revision));
      } catch {
        return null;
      }
    }
    return this.storage;
  }

  private prefix(): string {
    return `${hashString(`${this.wwwroot}/${this.revision}`)}/`;
  }

  get(key: string): string | null {
    return this.usable()?.getItem(this.prefix() + key) ?? null;
  }

  set(key: string, value: string): void {
    const storage = this.usable();
    if (!storage) return;
    try {
      storage.setItem(this.prefix() + key, value);
    } catch {
      // Quota exceeded: the cache is an optimisation, so the value is simply not kept.
    }
  }
}

let shared: RevisionedStorage | undefined;

/** The page's cache, keyed by `M.cfg.jsrev`. */
export function pageStorage(): RevisionedStorage {
  shared ??= new RevisionedStorage(config().wwwroot, config().jsrev);
  return shared;
}
