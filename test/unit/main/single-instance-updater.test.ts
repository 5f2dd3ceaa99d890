import { describe, expect, it } from 'vitest';
import { claimSingleInstance, focusExistingWindow, type FocusableWindow } from '../../../main/single-instance.ts';
import { startUpdater, updaterSettings, type AutoUpdaterLike } from '../../../main/updater.ts';

function fakeWindow(minimized: boolean) {
  const calls: string[] = [];
  const window: FocusableWindow = {
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
  return { window, calls };
}

describe('main/single-instance', () => {
  it('a second launch brings the first window forward and starts nothing', () => {
    const listeners: Array<() => void> = [];
    const { window, calls } = fakeWindow(true);
    const first = { requestSingleInstanceLock: () => true, on: (_e: string, l: () => void) => listeners.push(l) };
    expect(claimSingleInstance(first, () => window)).toBe(true);
    listeners[0]!();
    expect(calls).toEqual(['restore', 'show', 'focus']);
    const second = { requestSingleInstanceLock: () => false, on: () => { throw new Error('not listened'); } };
    expect(claimSingleInstance(second, () => window)).toBe(false);
  });

  it('does nothing without a live window', () => {
    expect(focusExistingWindow(undefined)).toBe(false);
    expect(focusExistingWindow({ ...fakeWindow(false).window, isDestroyed: () => true })).toBe(false);
  });
});

describe('main/updater', () => {
  it('is off by default and only follows an https feed', () => {
    expect(updaterSettings({})).toEqual({ enabled: false });
    expect(updaterSettings({ FACTURADOR_UPDATE_URL: 'http://updates.example/' })).toEqual({ enabled: false });
    expect(updaterSettings({ FACTURADOR_UPDATE_URL: 'nonsense' })).toEqual({ enabled: false });
    expect(updaterSettings({ FACTURADOR_UPDATE_URL: 'https://updates.example/facturador' })).toEqual({ enabled: true, feedUrl: 'https://updates.example/facturador' });
  });

  it('never loads electron-updater when off, and survives its absence', async () => {
    const logs: string[] = [];
    expect(await startUpdater({ enabled: false }, (m) => logs.push(m), () => { throw new Error('loaded'); })).toBe('off');
    // The real loader: electron-updater is not installed in the default install.
    expect(await startUpdater({ enabled: true, feedUrl: 'https://updates.example/' }, (m) => logs.push(m))).toBe('unavailable');
    expect(logs).toEqual(['updates: electron-updater is not installed; automatic updates are off']);
  });

  it('points electron-updater at the configured generic feed', async () => {
    const seen: unknown[] = [];
    const autoUpdater: AutoUpdaterLike = { autoDownload: true, autoInstallOnAppQuit: true, setFeedURL: (o) => seen.push(o), checkForUpdates: async () => null, checkForUpdatesAndNotify: async () => seen.push('check') };
    expect(await startUpdater({ enabled: true, feedUrl: 'https://updates.example/' }, () => {}, async () => ({ autoUpdater }), 'win32')).toBe('started');
    expect(seen).toEqual([{ provider: 'generic', url: 'https://updates.example/' }, 'check']);
  });
});
