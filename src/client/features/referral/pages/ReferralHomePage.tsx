// Placeholder: the Home screen is being built (see the issue of its feature).
export default function ReferralHomePage() {
  return (
    <main className="page">
      <h1>Home</h1>
    </main>
  );
}
