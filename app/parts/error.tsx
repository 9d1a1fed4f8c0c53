"use client";

// The catalogue and part pages fail the same friendly way as the rest of the shop.
export { default } from "../error";
