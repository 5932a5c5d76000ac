/**
 * The system Chromium the end-to-end tests drive (src/lib/chromium.mjs). No
 * browser is an error, never a silent skip.
 */
import {CHROMIUM_ARGS, requireChromium} from '../../src/lib/chromium.mjs';

export {CHROMIUM_ARGS};

export const findChromium = (): string => requireChromium('the end-to-end tests');
