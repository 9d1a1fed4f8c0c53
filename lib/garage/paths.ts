import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";

/** The vehicle selector's page. */
export const SELECTOR_PATH = "/vehicle";
/** Where the forms of lib/garage post (app/garage). */
export const GARAGE_FORM_PATH = "/garage";
/** A signed-in customer's vehicles. */
export const MY_GARAGE_PATH = DASHBOARD_ITEMS.myGarage.href;
