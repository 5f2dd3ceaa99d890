/** The catalogs screen (not built yet). */
export default function CatalogsScreen() {
  return <section data-testid="catalogs-screen" />;
}
