/** Shows the first-run wizard instead of the screens while the app is not set up (not built yet). */
import type { ReactNode } from 'react';

export function SetupGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
