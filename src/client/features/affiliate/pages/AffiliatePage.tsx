// Placeholder: the Affiliate screen is being built (see the issue of its feature).
export default function AffiliatePage() {
  return (
    <main className="page">
      <h1>Affiliate</h1>
    </main>
  );
}
