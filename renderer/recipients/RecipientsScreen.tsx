/** The recipients screen (not built yet). */
export default function RecipientsScreen() {
  return <section data-testid="recipients-screen" />;
}
