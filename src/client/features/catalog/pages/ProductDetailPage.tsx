// Placeholder: the Product screen is being built (see the issue of its feature).
export default function ProductDetailPage() {
  return (
    <main className="page">
      <h1>Product</h1>
    </main>
  );
}
