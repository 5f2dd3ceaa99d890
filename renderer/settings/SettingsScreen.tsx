/** The settings screen (not built yet). */
export default function SettingsScreen() {
  return <section data-testid="settings-screen" />;
}
