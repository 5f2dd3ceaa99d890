/**
 * The screens need no browser permission (camera, microphone, notifications, geolocation, clipboard
 * reads, USB, HID, serial…): every one is refused for the whole session. Three handlers because Electron
 * asks three ways: the request handler answers a page that asks (getUserMedia, Notification.requestPermission),
 * the check handler answers synchronous questions that never reach it (navigator.permissions.query,
 * device labels, some features Chromium grants by default), and the device handler answers WebUSB/HID/serial.
 * Without the check handler Electron answers "granted" to those checks.
 */
import type { PermissionSessionApi } from './electron-api.ts';

export function lockPermissions(session: PermissionSessionApi): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // Electron 16 and later; an older one has no device APIs to guard.
  session.setDevicePermissionHandler?.(() => false);
}
