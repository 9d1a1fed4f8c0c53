export function ensureDebianPackage(options: { binary: string; pkg: string; what: string; neededFor: string; tag: string; otherwise?: string }): void;
