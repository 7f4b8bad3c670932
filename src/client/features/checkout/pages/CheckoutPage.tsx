// Placeholder: the Checkout screen is being built (see the issue of its feature).
export default function CheckoutPage() {
  return (
    <main className="page">
      <h1>Checkout</h1>
    </main>
  );
}
