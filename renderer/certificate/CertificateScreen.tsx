/** The certificate screen (not built yet). */
export default function CertificateScreen() {
  return <section data-testid="certificate-screen" />;
}
