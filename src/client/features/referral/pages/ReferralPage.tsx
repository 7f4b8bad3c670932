// Placeholder: the Referral screen is being built (see the issue of its feature).
export default function ReferralPage() {
  return (
    <main className="page">
      <h1>Referral</h1>
    </main>
  );
}
