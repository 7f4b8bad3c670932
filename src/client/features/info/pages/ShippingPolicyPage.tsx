// Placeholder: the Shipping Policy screen is being built (see the issue of its feature).
export default function ShippingPolicyPage() {
  return (
    <main className="page">
      <h1>Shipping Policy</h1>
    </main>
  );
}
