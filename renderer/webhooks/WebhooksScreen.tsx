/** The webhooks screen (not built yet). */
export default function WebhooksScreen() {
  return <section data-testid="webhooks-screen" />;
}
