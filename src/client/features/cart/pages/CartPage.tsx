// Placeholder: the Cart screen is being built (see the issue of its feature).
export default function CartPage() {
  return (
    <main className="page">
      <h1>Cart</h1>
    </main>
  );
}
