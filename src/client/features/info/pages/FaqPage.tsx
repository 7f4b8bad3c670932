// Placeholder: the FAQ screen is being built (see the issue of its feature).
export default function FaqPage() {
  return (
    <main className="page">
      <h1>FAQ</h1>
    </main>
  );
}
