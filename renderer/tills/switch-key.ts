/**
 * The key that hands the till to another cashier: F10 (free at the counter: F1–F9 are its own, F11 and F12
 * are the browser's full screen and tools). It locks, and the PIN pad asks who is next.
 */
export const SWITCH_KEY = 'F10';

export const isSwitchKey = (e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>) =>
  e.key === SWITCH_KEY && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
