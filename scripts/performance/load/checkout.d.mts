export type Reply = { status: number; body: string };
export type CheckoutStep = "cart" | "quote" | "place";
export type Send = (step: CheckoutStep, path: string, init: RequestInit) => Promise<Reply>;
export type CheckoutOutcome = { order: { _id: string; number?: string | number } } | { failedAt: CheckoutStep; status: number; message: string };
export function checkout(send: Send, customer: { cookie: string; origin: string }, partIds: string[]): Promise<CheckoutOutcome>;
export function distinctParts(partIds: string[], count: number, random?: () => number): string[];
export function unitsOrderedSince(orders: import("mongoose").Collection, since: Date, email?: string): Promise<Map<string, number>>;
