/** Delay before the spinner shows (loading indicator delay 200 ms). */
export const LOADING_DELAY_MS = 200;
