/** Delay before the spinner shows (spec section 9: loading indicator delay 200 ms). */
export const LOADING_DELAY_MS = 200;
