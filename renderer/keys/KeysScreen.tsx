/** The keys screen (not built yet). */
export default function KeysScreen() {
  return <section data-testid="keys-screen" />;
}
