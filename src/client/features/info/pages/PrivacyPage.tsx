// Placeholder: the Privacy Policy screen is being built (see the issue of its feature).
export default function PrivacyPage() {
  return (
    <main className="page">
      <h1>Privacy Policy</h1>
    </main>
  );
}
