export const repoRoot: string;
export const nextBin: string;
