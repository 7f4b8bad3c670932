// Placeholder: the Products screen is being built (see the issue of its feature).
export default function ProductListPage() {
  return (
    <main className="page">
      <h1>Products</h1>
    </main>
  );
}
