// Placeholder: the Terms of Service screen is being built (see the issue of its feature).
export default function TermsPage() {
  return (
    <main className="page">
      <h1>Terms of Service</h1>
    </main>
  );
}
