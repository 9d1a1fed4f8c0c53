import type { Server } from "node:http";
export function startStaticBaseline(html: string, port: number): Promise<Server>;
export function startDriverBaseline(uri: string, port: number): Promise<Server>;
