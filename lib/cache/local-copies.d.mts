export const LOCAL_COPIES_BYTES: number;
export class LocalCopies<T = unknown> {
  constructor(maxBytes?: number);
  readonly bytes: number;
  get(key: string): { version: string; entry: T; size: number } | undefined;
  set(key: string, version: string, entry: T, size: number): void;
  delete(key: string): void;
}
