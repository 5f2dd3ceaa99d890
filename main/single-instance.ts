/**
 * One app per user: two processes would run two outbox workers and two servers on one database. The
 * second launch (a double click on the icon while the app is open) does not start anything: Electron hands
 * its arguments to the first through 'second-instance', and the first brings its window to the front.
 */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** What the first instance does when another launch is attempted; false when it has no window yet. */
export function focusExistingWindow(window: FocusableWindow | undefined): boolean {
  if (!window || window.isDestroyed()) return false;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  return true;
}

/** The part of Electron's `app` this needs. */
export interface InstanceLock {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
}

/**
 * True when this process is the only instance and should go on starting; false when another instance
 * already runs (it has been told to come forward) and this one must quit without touching the data.
 */
export function claimSingleInstance(app: InstanceLock, currentWindow: () => FocusableWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    focusExistingWindow(currentWindow());
  });
  return true;
}
