import { options } from 'preact';

/**
 * The app runs on Preact behind React's API (decision 0078). Preact runs effects after the next
 * frame; React runs those of a click or key press before the next event. Our screens and Radix move
 * the focus in effects (the calendar's roving day, a dialog's focus return), so a key pressed within
 * that frame went to the old element. Effects now run right after their render, before any further
 * event, as under React. Imported first by main.tsx and by the test setup.
 */
options.requestAnimationFrame = (callback) => queueMicrotask(callback);
