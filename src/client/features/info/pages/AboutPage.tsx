// Placeholder: the About screen is being built (see the issue of its feature).
export default function AboutPage() {
  return (
    <main className="page">
      <h1>About</h1>
    </main>
  );
}
