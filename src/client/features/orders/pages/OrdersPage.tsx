// Placeholder: the Orders screen is being built (see the issue of its feature).
export default function OrdersPage() {
  return (
    <main className="page">
      <h1>Orders</h1>
    </main>
  );
}
