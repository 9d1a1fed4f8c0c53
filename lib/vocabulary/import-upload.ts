// Shared by the job's state (lib/imports/job-progress.ts), the API document and the job page.

/** Refused rows sent with a job's state; the whole list is the refused-rows CSV. */
export const REFUSED_SHOWN_IN_STATE = 50;
