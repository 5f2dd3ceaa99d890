/** The invoice screen (not built yet). */
export default function InvoiceScreen() {
  return <section data-testid="invoice-screen" />;
}
